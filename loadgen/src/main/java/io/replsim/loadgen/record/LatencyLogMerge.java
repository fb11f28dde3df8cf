package io.replsim.loadgen.record;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Several load agents' interval logs as one: every interval of every log added into one histogram. Adding
 * histograms of the same precision is exact (each count lands in the bucket it was in), which averaging the
 * agents' percentiles is not, so the merged percentiles are those of all the responses together.
 */
public final class LatencyLogMerge {

    /** One agent's log: where it is, how many responses it holds. */
    public record Part(Path log, long responses) {}

    /** All the responses of every part, and what each part brought. */
    public record Merged(Histogram latencyMicros, List<Part> parts) {}

    private LatencyLogMerge() {
    }

    /** @throws IllegalArgumentException when a log is not an interval log, or was recorded at another precision */
    public static Merged of(List<Path> logs) throws IOException {
        if (logs.isEmpty()) {
            throw new IllegalArgumentException("no interval logs to merge: name one or more latency.hlog files");
        }
        Histogram all = null;
        List<Part> parts = new ArrayList<>();
        for (Path log : logs) {
            Histogram part = read(log);
            if (all == null) {
                all = new Histogram(part.getNumberOfSignificantValueDigits());
                all.setAutoResize(true);
            } else if (part.getNumberOfSignificantValueDigits() != all.getNumberOfSignificantValueDigits()) {
                throw new IllegalArgumentException(log + " was recorded with " + part.getNumberOfSignificantValueDigits()
                        + " significant digits, the logs before it with " + all.getNumberOfSignificantValueDigits()
                        + ": merging them would not be exact; record every agent with the same loadgen");
            }
            all.add(part);
            parts.add(new Part(log, part.getTotalCount()));
        }
        return new Merged(all, List.copyOf(parts));
    }

    private static Histogram read(Path log) throws IOException {
        HistogramLogReader reader;
        try {
            reader = new HistogramLogReader(log.toFile());
        } catch (FileNotFoundException e) {
            throw new IOException("cannot read " + log + ": no such file", e);
        }
        try {
            Histogram sum = null;
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                if (!(interval instanceof Histogram histogram)) {
                    throw new IllegalArgumentException(log + " holds a " + interval.getClass().getSimpleName()
                            + ", not the integer histograms replsim's loadgen writes");
                }
                if (sum == null) {
                    sum = new Histogram(histogram.getNumberOfSignificantValueDigits());
                    sum.setAutoResize(true);
                }
                sum.add(histogram);
            }
            if (sum == null) {
                throw new IllegalArgumentException(log + " holds no interval: not an HdrHistogram interval log, or "
                        + "its run recorded nothing");
            }
            return sum;
        } catch (RuntimeException e) {
            if (e instanceof IllegalArgumentException) {
                throw e;
            }
            throw new IllegalArgumentException(log + " is not an HdrHistogram interval log: " + e.getMessage(), e);
        } finally {
            reader.close();
        }
    }
}
