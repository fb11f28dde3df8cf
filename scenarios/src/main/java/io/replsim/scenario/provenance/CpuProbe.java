package io.replsim.scenario.provenance;

import java.util.Locale;

/**
 * How long one thread took for {@link ReferenceWork}, the same fixed piece of work in every replsim: the median of
 * its timed repetitions, on the wall clock and in the thread's own CPU time. On a shared machine the same work takes
 * longer when the host is slower (another tenant on the same cores or caches, a lower clock), and every figure's CPU
 * per request rises with it; two figures whose probes differ were not measured on the same machine, whatever it is
 * called. The wall time above the CPU time is time the thread waited for a core.
 *
 * @param wallMillis the wall-clock time of one repetition, median
 * @param cpuMillis  the thread's CPU time for one repetition, median; null where the JVM does not measure it
 */
public record CpuProbe(double wallMillis, Double cpuMillis) {

    /** {@code 6.12 ms}. */
    public String describe() {
        return String.format(Locale.ROOT, "%.2f ms", wallMillis);
    }

    /** {@code 6.12 ms}, or {@code unknown} for a probe not taken. */
    public static String describe(CpuProbe probe) {
        return probe == null ? "unknown" : probe.describe();
    }
}
