package io.replsim.scenario.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.replsim.loadgen.record.Second;
import io.replsim.scenario.fault.FaultEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code timeline.json}: what report.html draws that summary.json does not hold, so {@code replsim report} can draw
 * the page again from the run directory: when the load started (epoch ms; the page's times are after it), the p90
 * bound its latency chart marks, the driver's requests and failed attempts per wall-clock second, where the nodes
 * ran ({@code runtime}: the runtime that played them), each node's CPU between the runner's readings, the views each
 * node installed, and each confirmed fault's failover times per user. The per-second response times are the latency log's. A timeline
 * written before the nodes' series were recorded reads with them empty.
 */
public record LoadTimeline(long loadStartEpochMs, double p90BoundMs, List<Second> seconds, String runtime,
                           Map<String, List<CpuInterval>> nodeCpu, Map<String, NodeViews> views,
                           List<FailoverTimes> failovers) {
    public static final String FILE = "timeline.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public LoadTimeline {
        seconds = List.copyOf(seconds);
        runtime = runtime == null ? "not recorded" : runtime;
        nodeCpu = nodeCpu == null ? Map.of() : nodeCpu;
        views = views == null ? Map.of() : views;
        failovers = failovers == null ? List.of() : List.copyOf(failovers);
    }

    /** What {@code run} recorded over time, beside its {@code summary}. */
    static LoadTimeline of(RunRecord run, RunSummary summary, double p90BoundMs) {
        long start = run.load().startedAt().toEpochMilli();
        return new LoadTimeline(start, p90BoundMs, run.load().perSecond(),
                runtime(run, summary),
                CpuInterval.of(run.cluster().cpu(), start),
                NodeViews.of(run.cluster().viewHistories(), run.cluster().counters(), start),
                failovers(run, summary));
    }

    /**
     * The runtime that played the nodes, as the provenance recorded it from the runtime itself: a test plays a
     * scenario of {@code cluster.runtime: process} on nodes in its own JVM. The scenario's when none was recorded.
     */
    private static String runtime(RunRecord run, RunSummary summary) {
        if (summary.external() != null) {
            return "external";
        }
        return summary.provenance() != null ? summary.provenance().runtime()
                : run.spec().cluster().runtime().label();
    }

    /** Each confirmed fault's failover times; the summary's faults are the run's start events, in their order. */
    private static List<FailoverTimes> failovers(RunRecord run, RunSummary summary) {
        List<FaultEvent> starts = run.events().stream().filter(event -> event.phase() == FaultEvent.Phase.START)
                .toList();
        List<FailoverTimes> failovers = new ArrayList<>();
        for (int i = 0; i < starts.size() && i < summary.faults().size(); i++) {
            FaultReport fault = summary.faults().get(i);
            if (fault.confirmed()) {
                failovers.add(new FailoverTimes(fault.type() + " " + fault.node(), fault.atMs(), fault.affectedUsers(),
                        FailoverAnalysis.failoverTimes(starts.get(i), run.load().timelines())));
            }
        }
        return failovers;
    }

    void write(Path runDirectory) throws IOException {
        JSON.writeValue(runDirectory.resolve(FILE).toFile(), this);
    }

    /** The page of a run whose summary is {@code summary}, over the latency log's {@code intervals}. */
    TimelineReport.Records page(RunSummary summary, List<LatencyInterval> intervals, List<FaultEvent> events) {
        return new TimelineReport.Records(summary, this, intervals, events);
    }
}
