package io.replsim.scenario.report.flight;

import java.util.List;
import java.util.Objects;

/**
 * What one JVM's flight recording says about where its time went: the methods its CPU samples were in, the monitors
 * its threads waited to enter, its garbage collections' pauses. Times in milliseconds, as summary.json has them.
 *
 * @param jvm        {@code node1}, {@code driver}
 * @param file       the recording, relative to the run directory
 * @param cpuSamples execution samples of running Java threads (the {@code profile} settings take one a thread
 *                   every 10 ms), the share of each method counted from them
 * @param hottest    the methods most samples were in (the top frame), the most first, at most {@link #HOTTEST}
 */
public record FlightSummary(String jvm, String file, long cpuSamples, List<HotMethod> hottest,
                            MonitorWaits monitors, GcPauses gc) {
    public static final int HOTTEST = 5;

    public FlightSummary {
        Objects.requireNonNull(jvm, "jvm");
        Objects.requireNonNull(file, "file");
        hottest = List.copyOf(hottest);
        Objects.requireNonNull(monitors, "monitors");
        Objects.requireNonNull(gc, "gc");
    }

    /** A method by the samples taken while a thread ran in it. */
    public record HotMethod(String method, long samples) {
        public double share(long total) {
            return total == 0 ? 0 : (double) samples / total;
        }
    }

    /**
     * Waits to enter a contended monitor ({@code synchronized}) long enough to be recorded (the {@code profile}
     * settings: 10 ms and longer), in all and for the monitor classes waited on longest.
     */
    public record MonitorWaits(long waits, double waitedMs, List<Monitor> longest) {
        public MonitorWaits {
            longest = List.copyOf(longest);
        }
    }

    public record Monitor(String monitorClass, long waits, double waitedMs) {
    }

    /** The collections' stop-the-world pauses: how many, their sum and the longest. */
    public record GcPauses(long collections, double pausedMs, double longestMs) {
    }
}
