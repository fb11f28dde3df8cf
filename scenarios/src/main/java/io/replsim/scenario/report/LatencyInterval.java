package io.replsim.scenario.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/** One interval of the load's HdrHistogram log (a second, as loadgen writes it): response times in µs. */
public record LatencyInterval(long startEpochMs, long endEpochMs, Histogram micros) {

    /** Every interval of a {@code latency.hlog}, in order; none when the file is missing. */
    public static List<LatencyInterval> read(Path log) throws IOException {
        List<LatencyInterval> intervals = new ArrayList<>();
        if (!Files.exists(log)) {
            return intervals;
        }
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
            for (EncodableHistogram next = reader.nextIntervalHistogram(); next != null;
                 next = reader.nextIntervalHistogram()) {
                // a tagged interval is one request type's share of the untagged one beside it
                if (next instanceof Histogram histogram && histogram.getTag() == null) {
                    intervals.add(new LatencyInterval(histogram.getStartTimeStamp(), histogram.getEndTimeStamp(),
                            histogram));
                }
            }
        }
        return intervals;
    }
}
