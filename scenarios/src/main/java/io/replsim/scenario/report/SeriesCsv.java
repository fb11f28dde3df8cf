package io.replsim.scenario.report;

import io.replsim.loadgen.record.Second;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * A run's per-second series as CSV for a spreadsheet: seconds.csv (requests and failed attempts per wall-clock
 * second) and latency.csv (each latency log interval's answers and percentiles); times in seconds after the start
 * of the load, as report.html draws them.
 */
public final class SeriesCsv {
    static final String SECONDS = "seconds.csv";
    static final String LATENCY = "latency.csv";

    private SeriesCsv() {
    }

    /** Writes both files into {@code directory} (made when missing); returns them. */
    public static List<Path> write(RecordedRun run, Path directory) throws IOException {
        Files.createDirectories(directory);
        long loadStart = run.timeline().loadStartEpochMs();
        StringBuilder seconds = new StringBuilder("secondFrom,epochSecond,requests,errors\n");
        for (Second second : run.timeline().seconds()) {
            seconds.append(String.format(Locale.ROOT, "%.3f,%d,%d,%d%n", (second.epochSecond() * 1000 - loadStart)
                    / 1000.0, second.epochSecond(), second.requests(), second.errors()));
        }
        StringBuilder latency = new StringBuilder("secondFrom,secondTo,answers,p50Ms,p90Ms,p99Ms,maxMs\n");
        for (LatencyInterval interval : run.intervals()) {
            Histogram micros = interval.micros();
            boolean any = micros.getTotalCount() > 0;
            latency.append(String.format(Locale.ROOT, "%.3f,%.3f,%d,%s,%s,%s,%s%n",
                    (interval.startEpochMs() - loadStart) / 1000.0, (interval.endEpochMs() - loadStart) / 1000.0,
                    micros.getTotalCount(), any ? ms(micros.getValueAtPercentile(50)) : "",
                    any ? ms(micros.getValueAtPercentile(90)) : "", any ? ms(micros.getValueAtPercentile(99)) : "",
                    any ? ms(micros.getMaxValue()) : ""));
        }
        Path secondsFile = directory.resolve(SECONDS);
        Path latencyFile = directory.resolve(LATENCY);
        Files.writeString(secondsFile, seconds, StandardCharsets.UTF_8);
        Files.writeString(latencyFile, latency, StandardCharsets.UTF_8);
        return List.of(secondsFile, latencyFile);
    }

    private static String ms(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000.0);
    }
}
