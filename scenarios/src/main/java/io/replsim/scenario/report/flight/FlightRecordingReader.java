package io.replsim.scenario.report.flight;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/** Reads a {@code .jfr} file into its {@link FlightSummary}, one pass over its events. */
public final class FlightRecordingReader {
    private static final int LONGEST_MONITORS = 3;

    private FlightRecordingReader() {
    }

    /**
     * @param jvm  the JVM the recording is of, as the summary names it
     * @param file the recording
     * @param name the file as the summary names it (relative to the run directory)
     * @throws IOException when the file is not a complete recording (a JVM killed while recording leaves none)
     */
    public static FlightSummary read(String jvm, Path file, String name) throws IOException {
        long samples = 0;
        Map<String, Long> byMethod = new HashMap<>();
        Map<String, long[]> byMonitor = new HashMap<>();
        long monitorWaits = 0;
        long monitorNanos = 0;
        long collections = 0;
        long pausedNanos = 0;
        long longestNanos = 0;
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                switch (event.getEventType().getName()) {
                    case "jdk.ExecutionSample" -> {
                        samples++;
                        byMethod.merge(topFrame(event), 1L, Long::sum);
                    }
                    case "jdk.JavaMonitorEnter" -> {
                        long nanos = event.getDuration().toNanos();
                        monitorWaits++;
                        monitorNanos += nanos;
                        String monitor = event.getClass("monitorClass") == null ? "(unknown)"
                                : event.getClass("monitorClass").getName();
                        long[] figures = byMonitor.computeIfAbsent(monitor, key -> new long[2]);
                        figures[0]++;
                        figures[1] += nanos;
                    }
                    case "jdk.GarbageCollection" -> {
                        collections++;
                        pausedNanos += nanos(event, "sumOfPauses");
                        longestNanos = Math.max(longestNanos, nanos(event, "longestPause"));
                    }
                    default -> {
                        // the recording's other events are not summarized
                    }
                }
            }
        }
        List<FlightSummary.HotMethod> hottest = byMethod.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(FlightSummary.HOTTEST)
                .map(entry -> new FlightSummary.HotMethod(entry.getKey(), entry.getValue()))
                .toList();
        List<FlightSummary.Monitor> monitors = byMonitor.entrySet().stream()
                .map(entry -> new FlightSummary.Monitor(entry.getKey(), entry.getValue()[0], entry.getValue()[1] / 1e6))
                .sorted(Comparator.comparingDouble(FlightSummary.Monitor::waitedMs).reversed())
                .limit(LONGEST_MONITORS)
                .toList();
        return new FlightSummary(jvm, name, samples, hottest,
                new FlightSummary.MonitorWaits(monitorWaits, monitorNanos / 1e6, monitors),
                new FlightSummary.GcPauses(collections, pausedNanos / 1e6, longestNanos / 1e6));
    }

    private static String topFrame(RecordedEvent sample) {
        if (sample.getStackTrace() == null || sample.getStackTrace().getFrames().isEmpty()) {
            return "(no stack)";
        }
        RecordedFrame top = sample.getStackTrace().getFrames().getFirst();
        return top.getMethod().getType().getName() + "." + top.getMethod().getName();
    }

    private static long nanos(RecordedEvent event, String field) {
        Duration duration = event.hasField(field) ? event.getDuration(field) : Duration.ZERO;
        return duration.toNanos();
    }
}
