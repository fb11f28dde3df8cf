package io.replsim.scenario.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.replsim.loadgen.record.Second;
import io.replsim.scenario.fault.FaultEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code timeline.json}: what report.html draws that summary.json does not hold, so {@code replsim report} can draw
 * the page again from the run directory: when the load started (epoch ms; the page's times are after it), the p90
 * bound its latency chart marks, and the driver's requests and failed attempts per wall-clock second. The
 * per-second response times are the latency log's.
 */
public record LoadTimeline(long loadStartEpochMs, double p90BoundMs, List<Second> seconds) {
    public static final String FILE = "timeline.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public LoadTimeline {
        seconds = List.copyOf(seconds);
    }

    void write(Path runDirectory) throws IOException {
        JSON.writeValue(runDirectory.resolve(FILE).toFile(), this);
    }

    /** The page of a run whose summary is {@code summary}, over the latency log's {@code intervals}. */
    TimelineReport.Records page(RunSummary summary, List<LatencyInterval> intervals, List<FaultEvent> events) {
        return new TimelineReport.Records(summary.scenario(), summary.verdict(), loadStartEpochMs,
                summary.load().durationMs(), seconds, intervals, p90BoundMs, summary.faults(), events,
                Optional.ofNullable(summary.sessions()), Optional.ofNullable(summary.nodes()),
                Optional.ofNullable(summary.provenance()));
    }
}
