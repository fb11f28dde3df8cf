package io.replsim.scenario.report.flight;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A run's flight recordings summarized: each JVM's, or why it has none. Printed after the run's figures and written
 * to {@value #FILE} in the run directory.
 *
 * @param read    the recordings read, in the order asked
 * @param missing the JVMs without a readable recording, and why
 */
public record FlightRecordings(List<FlightSummary> read, List<Missing> missing) {
    public static final String FILE = "flight-recordings.json";
    /** The JVM creates the file as it starts recording and writes it as it exits. */
    private static final String NOT_WRITTEN = "its JVM did not exit on its own (a JVM killed by SIGKILL writes none)";

    public FlightRecordings {
        read = List.copyOf(read);
        missing = List.copyOf(missing);
    }

    /** A JVM and the recording files it left, none when it left none. */
    public record Recorded(String jvm, List<Path> files) {
        public Recorded {
            files = List.copyOf(files);
        }
    }

    public record Missing(String jvm, String why) {
    }

    /** Reads every file of {@code recorded}, naming them relative to {@code runDirectory}. */
    public static FlightRecordings of(Path runDirectory, List<Recorded> recorded) {
        List<FlightSummary> read = new ArrayList<>();
        List<Missing> missing = new ArrayList<>();
        for (Recorded jvm : recorded) {
            if (jvm.files().isEmpty()) {
                missing.add(new Missing(jvm.jvm(), "no recording: " + NOT_WRITTEN));
            }
            for (Path file : jvm.files()) {
                String name = runDirectory.toAbsolutePath().relativize(file.toAbsolutePath()).toString();
                try {
                    if (Files.size(file) == 0) {
                        missing.add(new Missing(jvm.jvm(), name + " is empty: " + NOT_WRITTEN));
                        continue;
                    }
                    read.add(FlightRecordingReader.read(jvm.jvm(), file, name));
                } catch (IOException | RuntimeException e) {
                    missing.add(new Missing(jvm.jvm(), name + " could not be read: " + e.getMessage()));
                }
            }
        }
        return new FlightRecordings(read, missing);
    }

    public void write(Path runDirectory) throws IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(runDirectory.resolve(FILE).toFile(), this);
    }

    /** Two lines a recording, one a JVM without one. */
    public void print(PrintStream out) {
        for (FlightSummary summary : read) {
            out.printf(Locale.ROOT, "jfr       %-7s %s: %,d CPU samples; hottest %s%n", summary.jvm(), summary.file(),
                    summary.cpuSamples(), hottest(summary));
            FlightSummary.MonitorWaits monitors = summary.monitors();
            FlightSummary.GcPauses gc = summary.gc();
            out.printf(Locale.ROOT, "          %-7s monitors waited for (10 ms or longer) %,d times, %.0f ms in all%s;"
                            + " GC %,d collections, paused %.0f ms in all, longest %.1f ms%n", summary.jvm(),
                    monitors.waits(), monitors.waitedMs(), longestMonitor(monitors).map(m -> " (longest on "
                            + m + ")").orElse(""), gc.collections(), gc.pausedMs(), gc.longestMs());
        }
        for (Missing jvm : missing) {
            out.printf("jfr       %-7s %s%n", jvm.jvm(), jvm.why());
        }
    }

    private static String hottest(FlightSummary summary) {
        if (summary.hottest().isEmpty()) {
            return "(no samples)";
        }
        List<String> shares = new ArrayList<>();
        for (FlightSummary.HotMethod method : summary.hottest().subList(0, Math.min(3, summary.hottest().size()))) {
            shares.add(String.format(Locale.ROOT, "%s %.0f%%", method.method(), 100 * method.share(
                    summary.cpuSamples())));
        }
        return String.join(", ", shares);
    }

    private static Optional<String> longestMonitor(FlightSummary.MonitorWaits monitors) {
        return monitors.longest().stream().findFirst().map(monitor -> String.format(Locale.ROOT, "%s, %.0f ms",
                monitor.monitorClass(), monitor.waitedMs()));
    }
}
