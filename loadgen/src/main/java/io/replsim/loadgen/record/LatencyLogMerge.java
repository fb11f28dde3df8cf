package io.replsim.loadgen.record;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Several load agents' interval logs as one: every interval of every log added into one histogram. Adding
 * histograms of the same precision is exact (each count lands in the bucket it was in), which averaging the
 * agents' percentiles is not, so the merged percentiles are those of all the responses together. A tagged interval
 * (a request type's share of the untagged one beside it) is added to its tag's histogram, never to all responses'.
 * The intervals are also added second by second, each log's seconds counted from the earliest log's first interval,
 * into a log of the merged load ({@link Merged#write}).
 */
public final class LatencyLogMerge {

    /** One agent's log: where it is, how many responses it holds. */
    public record Part(Path log, long responses) {}

    /**
     * All the responses of every part, each tag's, what each part brought, and second by second from
     * {@code startEpochMs} the responses of every part in that second.
     */
    public record Merged(Histogram latencyMicros, Map<String, Histogram> byTag, List<Part> parts, long startEpochMs,
                         List<Histogram> seconds) {
        public Merged {
            byTag = Map.copyOf(byTag);
            parts = List.copyOf(parts);
            seconds = List.copyOf(seconds);
        }

        /** Writes the merged seconds as an interval log that replsim's report and HdrHistogram's tools read. */
        public void write(Path file) throws IOException {
            try (IntervalLog log = IntervalLog.create(file, startEpochMs)) {
                for (int second = 0; second < seconds.size(); second++) {
                    long from = startEpochMs + second * 1000L;
                    log.write(seconds.get(second), from, from + 1000);
                }
                if (!log.healthy()) {
                    throw new IOException("cannot write " + file);
                }
            }
        }
    }

    /** One log's untagged intervals (absolute start, histogram) and its tags' sums. */
    private record Read(List<Histogram> intervals, Map<String, Histogram> byTag) {}

    private LatencyLogMerge() {
    }

    /** @throws IllegalArgumentException when a log is not an interval log, or was recorded at another precision */
    public static Merged of(List<Path> logs) throws IOException {
        if (logs.isEmpty()) {
            throw new IllegalArgumentException("no interval logs to merge: name one or more latency.hlog files");
        }
        Histogram all = null;
        Map<String, Histogram> byTag = new LinkedHashMap<>();
        List<Part> parts = new ArrayList<>();
        List<Read> reads = new ArrayList<>();
        for (Path log : logs) {
            Read read = read(log);
            Histogram part = sum(read.intervals());
            if (all == null) {
                all = grown(part.getNumberOfSignificantValueDigits());
            } else if (part.getNumberOfSignificantValueDigits() != all.getNumberOfSignificantValueDigits()) {
                throw new IllegalArgumentException(log + " was recorded with " + part.getNumberOfSignificantValueDigits()
                        + " significant digits, the logs before it with " + all.getNumberOfSignificantValueDigits()
                        + ": merging them would not be exact; record every agent with the same loadgen");
            }
            all.add(part);
            read.byTag().forEach((tag, histogram) -> byTag
                    .computeIfAbsent(tag, t -> grown(histogram.getNumberOfSignificantValueDigits())).add(histogram));
            parts.add(new Part(log, part.getTotalCount()));
            reads.add(read);
        }
        long start = reads.stream().mapToLong(read -> read.intervals().getFirst().getStartTimeStamp()).min()
                .orElseThrow();
        TreeMap<Long, Histogram> seconds = new TreeMap<>();
        for (Read read : reads) {
            for (Histogram interval : read.intervals()) {
                // nearest second: each agent ticks a second from its own start, a few ms off the others'
                long second = Math.floorDiv(interval.getStartTimeStamp() - start + 500, 1000);
                seconds.computeIfAbsent(second, s -> grown(interval.getNumberOfSignificantValueDigits())).add(interval);
            }
        }
        List<Histogram> bySecond = new ArrayList<>();
        for (long second = 0; second <= seconds.lastKey(); second++) {
            bySecond.add(seconds.getOrDefault(second, grown(all.getNumberOfSignificantValueDigits())));
        }
        return new Merged(all, byTag, parts, start, bySecond);
    }

    private static Histogram grown(int digits) {
        Histogram histogram = new Histogram(digits);
        histogram.setAutoResize(true);
        return histogram;
    }

    private static Histogram sum(List<Histogram> intervals) {
        Histogram sum = grown(intervals.getFirst().getNumberOfSignificantValueDigits());
        intervals.forEach(sum::add);
        return sum;
    }

    private static Read read(Path log) throws IOException {
        HistogramLogReader reader;
        try {
            reader = new HistogramLogReader(log.toFile());
        } catch (FileNotFoundException e) {
            throw new IOException("cannot read " + log + ": no such file", e);
        }
        try {
            List<Histogram> intervals = new ArrayList<>();
            Map<String, Histogram> byTag = new LinkedHashMap<>();
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                if (!(interval instanceof Histogram histogram)) {
                    throw new IllegalArgumentException(log + " holds a " + interval.getClass().getSimpleName()
                            + ", not the integer histograms replsim's loadgen writes");
                }
                if (histogram.getTag() == null) {
                    intervals.add(histogram);
                } else {
                    byTag.computeIfAbsent(histogram.getTag(),
                            tag -> grown(histogram.getNumberOfSignificantValueDigits())).add(histogram);
                }
            }
            if (intervals.isEmpty()) {
                throw new IllegalArgumentException(log + " holds no interval: not an HdrHistogram interval log, or "
                        + "its run recorded nothing");
            }
            return new Read(intervals, byTag);
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
