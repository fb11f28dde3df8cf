package io.replsim.scenario.report;

import io.replsim.loadgen.record.Second;
import io.replsim.scenario.fault.FaultEvent;
import io.replsim.scenario.provenance.Provenance;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code report.html}: the run on one page, to see what a fault did when. Throughput and p90/p99 per second over
 * the load, each fault's window shaded, the events and the per-fault figures listed. One static file with inline
 * SVG and CSS, no script and nothing fetched, so it opens anywhere, offline, years later.
 */
public final class TimelineReport {
    private static final int WIDTH = 960;
    private static final int HEIGHT = 220;
    private static final int LEFT = 60;
    private static final int RIGHT = 20;
    private static final int TOP = 20;
    private static final int BOTTOM = 30;

    /**
     * What the page shows. {@code seconds} and {@code intervals} are the driver's per-second records; times are
     * epoch ms, fault times ms after {@code loadStartEpochMs}. {@code sessions}: the sessions by verdict, empty for
     * no such table; {@code nodes}: each node's figures, empty when not read (no node table then);
     * {@code provenance}: what made the figures, empty for a run that did not record it (the page says so).
     */
    public record Records(String scenario, String verdict, long loadStartEpochMs, long durationMs,
                          List<Second> seconds, List<LatencyInterval> intervals, double p90BoundMs,
                          List<FaultReport> faults, List<FaultEvent> events, Optional<RunSummary.Verdicts> sessions,
                          Optional<List<NodeFigures>> nodes, Optional<Provenance> provenance) {
        public Records {
            Objects.requireNonNull(sessions, "sessions");
            Objects.requireNonNull(nodes, "nodes");
            Objects.requireNonNull(provenance, "provenance");
        }
    }

    private TimelineReport() {
    }

    public static void write(Path file, Records records) throws IOException {
        Files.writeString(file, render(records), StandardCharsets.UTF_8);
    }

    static String render(Records records) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>replsim ")
                .append(escape(records.scenario())).append("</title>\n<style>\n")
                .append("body{font-family:sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin:8px 0}")
                .append("td,th{border:1px solid #ccc;padding:3px 8px;font-size:13px;text-align:left}")
                .append("svg{display:block;margin:6px 0 18px}.PASS{color:#070}.FAIL{color:#b00}.INVALID{color:#b60}")
                .append("</style></head><body>\n");
        html.append("<h1>").append(escape(records.scenario())).append(" <span class=\"").append(escape(records.verdict()))
                .append("\">").append(escape(records.verdict())).append("</span></h1>\n");
        html.append("<p>Shaded: each fault's window (from the fault to 10 s after it, or 5 s after its heal or its"
                + " last failover when later). Times in seconds after the start of the load.</p>\n");
        html.append("<h2>Throughput (requests per second) and errors</h2>\n");
        html.append(throughputChart(records));
        html.append("<h2>Response time per second: p90 (blue) and p99 (orange), ms on a logarithmic scale</h2>\n");
        html.append(latencyChart(records));
        html.append(records.sessions().map(TimelineReport::sessionTable).orElse(""));
        html.append(records.nodes().map(NodeTable::html).orElse(""));
        html.append(faultTable(records.faults()));
        html.append(answerTable(records.faults()));
        html.append(eventTable(records.events()));
        html.append(records.provenance().map(ProvenanceTable::html).orElse(ProvenanceTable.NOT_RECORDED));
        html.append("</body></html>\n");
        return html.toString();
    }

    /** Sessions by their worst verdict; EXPIRED ones ended as {@code maxInactiveInterval} says, not lost. */
    private static String sessionTable(RunSummary.Verdicts sessions) {
        return "<h2>Sessions by verdict</h2>\n<table><tr><th>OK</th><th>STALE</th><th>CORRUPT</th><th>FAILED</th>"
                + "<th>LOST</th><th>EXPIRED</th><th>NEVER SERVED</th></tr>\n" + String.format(Locale.ROOT,
                "<tr><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td></tr></table>%n",
                sessions.ok(), sessions.stale(), sessions.corrupt(), sessions.failed(), sessions.lost(),
                sessions.expired(), sessions.neverServed());
    }

    private static String throughputChart(Records records) {
        double max = Math.max(1, records.seconds().stream().mapToLong(Second::requests).max().orElse(1));
        ChartAxis axis = new ChartAxis.Linear(max, "req/s");
        StringBuilder svg = open(records, axis);
        StringBuilder line = new StringBuilder();
        for (Second second : records.seconds()) {
            double at = second.epochSecond() * 1000.0 + 500 - records.loadStartEpochMs();
            line.append(point(records, at, second.requests(), axis));
            if (second.errors() > 0) {
                double x = x(records, at);
                double height = axis.up(second.errors(), plotHeight());
                svg.append(String.format(Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"3\" height=\"%.1f\" fill=\"#c00\"><title>%d errors</title></rect>%n",
                        x - 1.5, TOP + plotHeight() - height, height, second.errors()));
            }
        }
        svg.append("<polyline fill=\"none\" stroke=\"#333\" stroke-width=\"1.5\" points=\"").append(line).append("\"/>\n");
        return svg.append("</svg>\n").toString();
    }

    private static String latencyChart(Records records) {
        double smallest = records.p90BoundMs();
        double largest = records.p90BoundMs() * 1.2;
        for (LatencyInterval interval : records.intervals()) {
            if (interval.micros().getTotalCount() > 0) {
                smallest = Math.min(smallest, interval.micros().getValueAtPercentile(90) / 1000.0);
                largest = Math.max(largest, interval.micros().getValueAtPercentile(99) / 1000.0 * 1.1);
            }
        }
        ChartAxis axis = ChartAxis.Logarithmic.over(smallest, largest, "ms");
        StringBuilder svg = open(records, axis);
        StringBuilder p90 = new StringBuilder();
        StringBuilder p99 = new StringBuilder();
        for (LatencyInterval interval : records.intervals()) {
            if (interval.micros().getTotalCount() == 0) {
                continue;
            }
            double at = (interval.startEpochMs() + interval.endEpochMs()) / 2.0 - records.loadStartEpochMs();
            p90.append(point(records, at, interval.micros().getValueAtPercentile(90) / 1000.0, axis));
            p99.append(point(records, at, interval.micros().getValueAtPercentile(99) / 1000.0, axis));
        }
        double bound = y(records.p90BoundMs(), axis);
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#06c\""
                        + " stroke-dasharray=\"4 3\"><title>p90 bound %.0f ms</title></line>%n", LEFT, bound,
                WIDTH - RIGHT, bound, records.p90BoundMs()));
        svg.append("<polyline fill=\"none\" stroke=\"#f80\" stroke-width=\"1.5\" points=\"").append(p99).append("\"/>\n");
        svg.append("<polyline fill=\"none\" stroke=\"#06c\" stroke-width=\"1.5\" points=\"").append(p90).append("\"/>\n");
        return svg.append("</svg>\n").toString();
    }

    /** The frame, the axes' labels and the faults' windows, under the lines drawn after. */
    private static StringBuilder open(Records records, ChartAxis axis) {
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n",
                WIDTH, HEIGHT, WIDTH, HEIGHT));
        for (FaultReport fault : records.faults()) {
            long to = fault.impact() != null ? fault.impact().windowToMs()
                    : Math.min(records.durationMs(), fault.atMs() + FaultImpactAnalysis.MIN_WINDOW.toMillis());
            double from = x(records, fault.atMs());
            svg.append(String.format(Locale.ROOT, "<rect class=\"fault\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\""
                            + " fill=\"#e33\" fill-opacity=\"0.12\"><title>%s</title></rect>%n", from, TOP,
                    Math.max(1, x(records, to) - from), plotHeight(), escape(label(fault))));
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#c00\"/>%n"
                            + "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"#c00\">%s</text>%n", from, TOP, from,
                    TOP + plotHeight(), from + 3, TOP + 10, escape(fault.type() + " " + fault.node())));
            if (fault.healedAtMs() != null) {
                double healed = x(records, fault.healedAtMs());
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#070\""
                        + " stroke-dasharray=\"3 3\"><title>healed</title></line>%n", healed, TOP, healed, TOP + plotHeight()));
            }
        }
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                + " stroke=\"#999\"/>%n", LEFT, TOP, WIDTH - LEFT - RIGHT, plotHeight()));
        for (ChartAxis.Label label : axis.labels()) {
            double at = y(label.value(), axis);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>%n"
                            + "<text x=\"4\" y=\"%.1f\" font-size=\"11\">%s</text>%n", LEFT, at, WIDTH - RIGHT, at,
                    Math.min(TOP + plotHeight(), Math.max(TOP + 10, at + 4)), escape(label.text())));
        }
        long step = tickStep(records.durationMs());
        for (long tick = 0; tick <= records.durationMs(); tick += step) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">"
                    + "%d s</text>%n", x(records, tick), HEIGHT - 8, tick / 1000));
        }
        return svg;
    }

    /** About ten labels along the time axis, at round seconds. */
    private static long tickStep(long durationMs) {
        for (long step : new long[] {1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000, 300_000, 600_000}) {
            if (durationMs / step <= 12) {
                return step;
            }
        }
        return 1_800_000;
    }

    private static String faultTable(List<FaultReport> faults) {
        if (faults.isEmpty()) {
            return "<h2>Faults</h2>\n<p>None.</p>\n";
        }
        StringBuilder table = new StringBuilder("<h2>Faults</h2>\n<table><tr><th>at</th><th>fault</th>"
                + "<th>new view</th><th>users on it</th><th>failover (last)</th><th>errors</th>"
                + "<th>LOST / STALE in window</th><th>gravitations</th><th>expectations</th></tr>\n");
        for (FaultReport fault : faults) {
            FaultAttribution attributed = fault.attributed();
            table.append("<tr><td>").append(seconds(fault.atMs())).append("</td><td>").append(escape(label(fault)))
                    .append("</td><td>").append(fault.viewChangeMs() == null ? "-" : fault.viewChangeMs() + " ms")
                    .append("</td><td>").append(fault.affectedUsers())
                    .append("</td><td>").append(fault.failoverMs() == null ? "-" : fault.failoverMs() + " ms")
                    .append("</td><td>").append(fault.impact() == null ? "-" : Long.toString(fault.impact().errors()))
                    .append("</td><td>").append(attributed == null ? "-"
                            : attributed.sessionsLost() + " / " + attributed.sessionsStale())
                    .append("</td><td>").append(attributed == null || attributed.gravitations() == null ? "-"
                            : attributed.gravitations().toString())
                    .append("</td><td>");
            for (CheckOutcome expected : fault.expectations()) {
                table.append("<span class=\"").append(expected.passed() ? "PASS" : "FAIL").append("\">")
                        .append(expected.passed() ? "PASS" : "FAIL").append("</span> ").append(escape(expected.check()))
                        .append(' ').append(escape(expected.limit())).append(" (").append(escape(expected.actual()))
                        .append(")<br>");
            }
            table.append("</td></tr>\n");
        }
        return table.append("</table>\n").toString();
    }

    /** Each fault's answers that were not OK: who served them, when, and the answer they were held to. */
    private static String answerTable(List<FaultReport> faults) {
        if (faults.stream().allMatch(fault -> fault.attributed() == null || fault.attributed().answers().isEmpty())) {
            return "";
        }
        StringBuilder table = new StringBuilder("<h2>Answers not OK put down to each fault</h2>\n<p>Who served each"
                + " STALE, LOST, CORRUPT or FAILED answer in its window (and STALE ones after its nodes were back in"
                + " view), and the answer before it that its user held it to (the"
                + " serial that answer showed, the node that showed it); unanswered: requests between the two that got"
                + " no usable answer (a 503 of a write whose outcome is unknown, a reset, a timeout).</p>\n"
                + "<table><tr><th>fault</th><th>user</th><th>verdict</th><th>served by</th><th>at</th><th>serial</th>"
                + "<th>held to serial</th><th>shown by</th><th>at</th><th>unanswered</th><th>session</th></tr>\n");
        for (FaultReport fault : faults) {
            if (fault.attributed() == null) {
                continue;
            }
            for (AttributedAnswer answer : fault.attributed().answers()) {
                AttributedAnswer.Prior prior = answer.prior();
                table.append("<tr><td>").append(escape(fault.type() + " " + fault.node())).append(" at ")
                        .append(seconds(fault.atMs())).append("</td><td>").append(answer.user())
                        .append("</td><td>").append(answer.verdict())
                        .append("</td><td>").append(escape(answer.node()))
                        .append("</td><td>").append(seconds(answer.atMs()))
                        .append("</td><td>").append(answer.serial() == null ? "-" : answer.serial().toString())
                        .append("</td><td>").append(prior == null ? "-" : Long.toString(prior.serial()))
                        .append("</td><td>").append(prior == null ? "-" : escape(prior.node()))
                        .append("</td><td>").append(prior == null ? "-" : seconds(prior.atMs()))
                        .append("</td><td>").append(answer.unanswered())
                        .append("</td><td>").append(escape(answer.session())).append("</td></tr>\n");
            }
            if (fault.attributed().answersLeftOut() > 0) {
                table.append("<tr><td colspan=\"11\">and ").append(fault.attributed().answersLeftOut())
                        .append(" more put down to this fault, left out</td></tr>\n");
            }
        }
        return table.append("</table>\n").toString();
    }

    private static String eventTable(List<FaultEvent> events) {
        StringBuilder table = new StringBuilder("<h2>Events</h2>\n<table><tr><th>at</th><th>what</th><th>type</th>"
                + "<th>nodes</th><th>target</th><th>detail</th><th>read back</th></tr>\n");
        for (FaultEvent event : events) {
            table.append("<tr><td>").append(seconds(event.atMs())).append("</td><td>")
                    .append(switch (event.phase()) {
                        case START -> "fault";
                        case HEAL -> "healed";
                        case CUT_SHORT -> "ended with its node";
                        case FAILED -> "FAILED";
                    }).append("</td><td>")
                    .append(escape(event.type())).append("</td><td>").append(escape(event.node())).append("</td><td>")
                    .append(escape(event.target())).append("</td><td>").append(escape(event.detail()))
                    .append("</td><td>").append(event.evidence().confirmed() ? "" : "NOT CONFIRMED: ")
                    .append(escape(event.evidence().seen())).append("</td></tr>\n");
        }
        return table.append("</table>\n").toString();
    }

    private static String label(FaultReport fault) {
        return fault.type() + " " + fault.node() + " (" + fault.target() + ")"
                + (fault.detail().isEmpty() ? "" : ", " + fault.detail());
    }

    private static String point(Records records, double atMs, double value, ChartAxis axis) {
        return String.format(Locale.ROOT, "%.1f,%.1f ", x(records, atMs), y(value, axis));
    }

    private static double x(Records records, double atMs) {
        double span = Math.max(1, records.durationMs());
        return LEFT + Math.max(0, Math.min(span, atMs)) / span * (WIDTH - LEFT - RIGHT);
    }

    private static double y(double value, ChartAxis axis) {
        return TOP + plotHeight() - axis.up(value, plotHeight());
    }

    private static int plotHeight() {
        return HEIGHT - TOP - BOTTOM;
    }

    private static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
