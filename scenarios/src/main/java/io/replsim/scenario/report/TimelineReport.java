package io.replsim.scenario.report;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import io.replsim.scenario.fault.FaultEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code report.html}: the run on one page. The first screen answers what a reader asks first: the verdict with
 * every check's limit and measured value, whether the run was valid and why, the scenario in one paragraph and the
 * sessions by verdict; then the charts over the load (throughput and errors, p50/p90/p99 against the limit, each
 * node's CPU against its budget, the cluster's views), each fault's window shaded, and the affected users'
 * failover times; then the tables (nodes, faults, answers not OK, events) and what made the figures (provenance).
 * One static file with inline SVG and CSS, no script and nothing fetched, so it opens anywhere, offline, years
 * later, and prints.
 */
public final class TimelineReport {

    /**
     * What the page shows: the run's {@code summary}, what it recorded over time ({@code timeline}), the latency
     * log's per-second {@code intervals} and the fault {@code events} as they happened.
     */
    public record Records(RunSummary summary, LoadTimeline timeline, List<LatencyInterval> intervals,
                          List<FaultEvent> events) {
        public Records {
            intervals = List.copyOf(intervals);
            events = List.copyOf(events);
        }
    }

    private TimelineReport() {
    }

    public static void write(Path file, Records records) throws IOException {
        Files.writeString(file, render(records), StandardCharsets.UTF_8);
    }

    static String render(Records records) {
        RunSummary summary = records.summary();
        LoadTimeline timeline = records.timeline();
        TimeFrame frame = new TimeFrame(summary.load().durationMs(), summary.faults());
        long start = timeline.loadStartEpochMs();
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>replsim ")
                .append(escape(summary.scenario())).append("</title>\n<style>\n").append(PageStyle.CSS)
                .append("</style></head><body>\n");
        html.append("<h1>").append(escape(summary.scenario())).append(" <span class=\"")
                .append(escape(summary.verdict())).append("\">").append(escape(summary.verdict()))
                .append("</span></h1>\n");
        html.append("<p class=\"run\">").append(escape(summary.runDirectory())).append(", started ")
                .append(escape(summary.startedAt())).append("</p>\n");
        html.append("<section class=\"first\">\n");
        html.append(VerdictSection.html(summary.checks()));
        html.append(ValiditySection.html(summary.validity(), summary.open() != null));
        html.append("<h2>Scenario</h2>\n").append(ScenarioParagraph.html(summary, timeline.runtime()));
        html.append(SessionTable.html(summary));
        html.append(HistorySection.html(summary.anomalies()));
        html.append("</section>\n");
        html.append("<h2>Charts</h2>\n<p>Times in seconds after the start of the load. Shaded: each fault's window"
                + " (from the fault to 10 s after it, or 5 s after its heal or its last failover when later).</p>\n");
        html.append("<h3>Throughput and errors</h3>\n")
                .append(ThroughputChart.svg(frame, timeline.seconds(), start));
        html.append("<h3>Response time per second, ms on a logarithmic scale</h3>\n")
                .append(LatencyChart.svg(frame, records.intervals(), start, timeline.p90BoundMs()));
        html.append("<h3>Each node's CPU, % of its budget, between the runner's readings</h3>\n")
                .append(NodeCpuChart.html(frame, timeline.nodeCpu(), RunReport.CPU_CEILING));
        html.append("<h3>The cluster's views, as each node installed them</h3>\n")
                .append(ViewChart.html(frame, timeline.views(),
                        summary.cluster() == null ? timeline.views().size() : summary.cluster().nodes()));
        html.append("<h3>Failover: the affected users served again elsewhere, by time since the fault</h3>\n")
                .append(FailoverChart.html(timeline.failovers()));
        html.append(NodeTable.html(summary.nodes()));
        html.append(FaultTables.faults(summary.faults(), summary.sessionsJudged()));
        html.append(FaultTables.answers(summary.faults()));
        html.append(EventTable.html(records.events()));
        html.append(summary.provenance() == null ? ProvenanceTable.NOT_RECORDED
                : ProvenanceTable.html(summary.provenance()));
        html.append("</body></html>\n");
        return html.toString();
    }
}
