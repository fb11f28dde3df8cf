package io.replsim.scenario.capacity;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import io.replsim.scenario.report.PageStyle;
import io.replsim.scenario.report.ProvenanceTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code capacity.html}: a capacity search on one page, from its summary.json alone. First the answer of each
 * search (on every node; with one node down when asked) with its interval and the binding limit, and whether the
 * search was valid; then per search its steps against the response-time statistic and against each node's CPU,
 * each step marked PASS or FAIL and why, the warm-up rounds apart, and the steps' table; last what made the
 * figures (provenance). Self-contained as report.html is: inline SVG and CSS, no script.
 */
public final class CapacityPage {
    public static final String FILE = "capacity.html";

    private CapacityPage() {
    }

    public static void write(Path file, CapacitySummary summary) throws IOException {
        Files.writeString(file, render(summary), StandardCharsets.UTF_8);
    }

    static String render(CapacitySummary summary) {
        String unit = summary.loadUnit() == null ? "users" : summary.loadUnit();
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                + "<title>replsim capacity " + escape(summary.scenario()) + "</title>\n<style>\n" + PageStyle.CSS
                + "</style></head><body>\n");
        html.append("<h1>").append(escape(summary.scenario())).append(": capacity <span class=\"")
                .append(escape(summary.verdict())).append("\">").append(escape(summary.verdict()))
                .append("</span></h1>\n<p class=\"run\">").append(escape(summary.runDirectory())).append(", started ")
                .append(escape(summary.startedAt())).append("</p>\n<section class=\"first\">\n");
        html.append(answer(summary.search(), unit));
        if (summary.oneNodeDown() != null) {
            html.append(answer(summary.oneNodeDown(), unit));
        }
        if (summary.survivorCpuUtilization() != null) {
            html.append(String.format(Locale.ROOT, "<p>One node lost at capacity: each survivor would run at %.0f%% of"
                    + " its budget (the busiest node × N/(N−1)).</p>%n", summary.survivorCpuUtilization() * 100));
        }
        if (summary.throughKill()) {
            html.append(String.format(Locale.ROOT, "<p>Through a kill: each step killed the node owning the most"
                    + " sessions (SIGKILL) %d s after its warm-up and was judged on the window after the kill, as long"
                    + " as the search's step; its CPU figures are the survivors', reported beside the %.0f%% rule"
                    + " and not held to it. The node was started again before the next step.</p>%n",
                    ThroughKill.KILL_AFTER.toSeconds(), summary.limits() == null ? 60 : summary.limits().cpu() * 100));
        }
        html.append("<p>Sustained means: ").append(escape(summary.criteria())).append(".</p>\n");
        summary.invalidReasons().forEach(reason -> html.append("<p class=\"INVALID\">INVALID: ")
                .append(escape(reason)).append("</p>\n"));
        if (summary.limits() == null) {
            html.append("<p>This summary.json does not hold its limits as figures (written before they were"
                    + " recorded): the charts draw no limit lines.</p>\n");
        }
        html.append("</section>\n");
        section(html, summary.search(), summary, unit);
        if (summary.oneNodeDown() != null) {
            section(html, summary.oneNodeDown(), summary, unit);
        }
        html.append(summary.provenance() == null ? ProvenanceTable.NOT_RECORDED
                : ProvenanceTable.html(summary.provenance()));
        return html.append("</body></html>\n").toString();
    }

    /** A search's answer in one paragraph: the load sustained, its interval, how it was found and what binds it. */
    static String answer(CapacitySummary.Search search, String unit) {
        String binding = search.binding().isEmpty() ? "no limit was reached"
                : "binding " + String.join(" and ", search.binding());
        String text = search.usersSustained() == 0
                ? String.format(Locale.ROOT, "On %s: no load sustained%s%s.", nodes(search),
                        search.stoppedEarly() ? " (the step budget ran out first)" : "",
                        search.binding().isEmpty() ? "" : "; " + binding)
                : search.binding().isEmpty()
                ? String.format(Locale.ROOT, "On %s: %d %s sustained, and no load failed up to it, the"
                        + " search's cap: %s.", nodes(search), search.usersSustained(), unit, binding)
                : String.format(Locale.ROOT, "On %s: %d %s sustained, %s; %s.", nodes(search),
                        search.usersSustained(), unit, CapacityAxis.interval(search, unit), binding);
        String note = search.estimate() == null || search.estimate().note().isEmpty() ? ""
                : " Note: " + search.estimate().note() + (search.estimate().note().endsWith(".") ? "" : ".");
        return "<p class=\"answer\">" + escape(text + note) + "</p>\n";
    }

    private static String nodes(CapacitySummary.Search search) {
        return search.nodes() == 1 ? "1 node" : search.nodes() + " nodes";
    }

    private static void section(StringBuilder html, CapacitySummary.Search search, CapacitySummary summary,
                                String unit) {
        html.append("<h2>Search on ").append(nodes(search)).append(summary.throughKill()
                ? ", through a kill in each step" : "").append("</h2>\n");
        html.append(CapacityStepTable.warmUp(search.warmUp(), unit));
        html.append("<h3>Each step's response time (").append(summary.limits() == null ? "p90"
                : summary.limits().statistic().label()).append(", logarithmic) against its load</h3>\n");
        html.append(CapacityLatencyChart.svg(search, summary.limits(), unit));
        html.append("<h3>Each node's CPU over each step's window, % of its budget</h3>\n");
        html.append(CapacityCpuChart.html(search, summary.limits(), unit));
        html.append("<h3>The steps, in the order run</h3>\n");
        html.append(CapacityStepTable.steps(search, summary.limits(), unit));
    }
}
