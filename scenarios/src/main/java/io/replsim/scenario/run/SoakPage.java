package io.replsim.scenario.run;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import io.replsim.scenario.report.PageStyle;
import io.replsim.scenario.report.ProvenanceTable;
import io.replsim.scenario.report.RecordedRun;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.report.UnreadableRunException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code soak.html}: a soak on one page, from its soak.json and its drills' summary.json. First the verdict over
 * all drills with the distributions of the time to the new view and of failover (the last affected user served
 * again) and the sessions by verdict over all drills; then each drill's figures per fault as a mark per run, the
 * same figures as distributions over all runs, and a row per run with its sessions by verdict and a link to its
 * report.html. Self-contained as report.html is: inline SVG and CSS, no script.
 */
public final class SoakPage {
    public static final String FILE = "soak.html";

    private SoakPage() {
    }

    /** Writes soak.html into a soak's {@code directory} from the soak.json it has just written. */
    public static Path write(Path directory) throws IOException {
        try {
            return RecordedSoak.read(directory).writePage();
        } catch (UnreadableRunException e) {
            throw new IllegalStateException("the soak.json just written cannot be read back: " + e.getMessage(), e);
        }
    }

    static String render(RecordedSoak recorded) {
        SoakRunner.SoakSummary soak = recorded.soak();
        String verdict = soak.held() && soak.broken() == 0 ? "PASS" : "FAIL";
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                + "<title>replsim soak " + escape(soak.scenario()) + "</title>\n<style>\n" + PageStyle.CSS
                + "</style></head><body>\n");
        html.append("<h1>soak ").append(escape(soak.scenario())).append(" <span class=\"").append(verdict)
                .append("\">").append(verdict).append("</span></h1>\n<p class=\"run\">")
                .append(escape(recorded.directory().toString())).append("</p>\n<section class=\"first\">\n")
                .append("<p class=\"verdict\">").append(escape(headline(soak))).append("</p>\n")
                .append(overAllRuns(soak))
                .append("<h2>Sessions by verdict over all drills</h2>\n").append(sessionsOverAll(recorded))
                .append(SoakAnomaliesSection.overAllRuns(soak))
                .append("</section>\n");
        html.append("<h2>Charts</h2>\n<h3>Each drill's faults: time to the new view and failover, by run</h3>\n")
                .append(SoakRunsChart.svg(soak))
                .append("<h3>Over all runs: the share of faults with a new view, and with their last affected user"
                        + " served again, by time since the fault</h3>\n")
                .append(SoakDistributionChart.svg(soak));
        html.append(runTable(recorded));
        html.append(soak.provenance() == null ? "<h2>Provenance</h2>\n<p>Not recorded: this soak.json was written"
                + " before replsim recorded provenance; each run's report.html and summary.json has its own.</p>\n"
                : ProvenanceTable.html(soak.provenance()));
        return html.append("</body></html>\n").toString();
    }

    /** The verdict in one sentence: how many drills passed, and what did not recover. */
    static String headline(SoakRunner.SoakSummary soak) {
        return String.format(Locale.ROOT, "%d of %d drills passed%s%s; faults without a new view: %d, with a user"
                        + " never served again: %d (%d users); %d sessions lost and %d stale over all drills.",
                soak.passed(), soak.repeat(), soak.invalid() == 0 ? "" : ", " + soak.invalid() + " INVALID",
                soak.broken() == 0 ? "" : ", " + soak.broken() + " broke", soak.viewChangeMs().never(),
                soak.failoverMs().never(), soak.usersNeverServedAgain(), soak.sessionsLost(), soak.sessionsStale());
    }

    private static String overAllRuns(SoakRunner.SoakSummary soak) {
        return "<table class=\"distributions\"><tr><th>over all runs</th><th>faults</th><th>never</th><th>p50</th>"
                + "<th>p90</th><th>p99</th><th>max</th></tr>\n"
                + distributionRow("time to the new view", soak.viewChangeMs())
                + distributionRow("failover (last affected user served again)", soak.failoverMs())
                + "</table>\n"
                + String.format(Locale.ROOT, "<p>Heap: %s. Orphans: %d node processes left alive after the drills."
                        + "</p>\n", soak.heapSlopeKbPerMinute() == null ? "no node process lived 3 minutes"
                        : String.format(Locale.ROOT, "steepest slope of the heap after GC %+.1f KB/min",
                                soak.heapSlopeKbPerMinute()), soak.orphans());
    }

    private static String distributionRow(String name, SoakRunner.Distribution distribution) {
        if (distribution.count() == 0) {
            return "<tr><td>" + escape(name) + "</td><td>0</td><td colspan=\"5\">not measured: no fault</td></tr>\n";
        }
        return String.format(Locale.ROOT, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%s</td><td>%s</td><td>%s</td>"
                        + "<td>%s</td></tr>%n", escape(name), distribution.count(), distribution.never(),
                ms(distribution.p50()), ms(distribution.p90()), ms(distribution.p99()), ms(distribution.max()));
    }

    /** Every judged drill's sessions added up, and how many drills were not judged. */
    private static String sessionsOverAll(RecordedSoak recorded) {
        List<RunSummary.Verdicts> judged = recorded.sessions().stream().map(RecordedSoak.DrillSessions::sessions)
                .filter(sessions -> sessions != null).toList();
        RunSummary.Verdicts sum = new RunSummary.Verdicts(
                judged.stream().mapToLong(RunSummary.Verdicts::ok).sum(),
                judged.stream().mapToLong(RunSummary.Verdicts::stale).sum(),
                judged.stream().mapToLong(RunSummary.Verdicts::lost).sum(),
                judged.stream().mapToLong(RunSummary.Verdicts::corrupt).sum(),
                judged.stream().mapToLong(RunSummary.Verdicts::failed).sum(),
                judged.stream().mapToLong(RunSummary.Verdicts::expired).sum(),
                judged.stream().mapToLong(RunSummary.Verdicts::neverServed).sum());
        int notJudged = recorded.sessions().size() - judged.size();
        return RunSummary.Verdicts.FIGURES.html(sum) + (notJudged == 0 ? "" : "<p>" + notJudged + " of "
                + recorded.sessions().size() + " drills without sessions by verdict (see their rows).</p>\n");
    }

    /** A row per drill: its verdict, sessions by verdict, errors, each fault's figures and its page. */
    private static String runTable(RecordedSoak recorded) {
        SoakRunner.SoakSummary soak = recorded.soak();
        StringBuilder html = new StringBuilder("<h2>Runs</h2>\n<table class=\"runs\"><tr><th>run</th><th>verdict</th>");
        RunSummary.Verdicts.FIGURES.figures().forEach(figure -> html.append("<th>").append(escape(figure.label()))
                .append("</th>"));
        html.append(SoakAnomaliesSection.headers());
        html.append("<th>errors</th><th>new view</th><th>failover</th><th>users never served again</th>"
                + "<th>heap slope</th><th>page</th></tr>\n");
        for (int i = 0; i < soak.drills().size(); i++) {
            SoakRunner.Drill drill = soak.drills().get(i);
            RecordedSoak.DrillSessions sessions = recorded.sessions().get(i);
            html.append("<tr class=\"run\"><td>").append(drill.run()).append("</td><td class=\"")
                    .append(escape(drill.verdict())).append("\">").append(escape(drill.verdict())).append("</td>");
            if (sessions.sessions() == null) {
                html.append("<td colspan=\"").append(RunSummary.Verdicts.FIGURES.figures().size()).append("\">")
                        .append(escape(sessions.why())).append("</td>");
            } else {
                RunSummary.Verdicts.FIGURES.figures().forEach(figure -> html.append("<td>")
                        .append(figure.valueOf(sessions.sessions())).append("</td>"));
            }
            html.append(SoakAnomaliesSection.cells(drill));
            Path page = Path.of(RecordedSoak.RUNS).resolve(Path.of(drill.directory()).getFileName())
                    .resolve(RecordedRun.PAGE);
            html.append(String.format(Locale.ROOT, "<td>%d</td><td>%s</td><td>%s</td><td>%d</td><td>%s</td>"
                            + "<td><a href=\"%s\">report.html</a></td></tr>%n", drill.errors(),
                    perFault(drill.viewChangeMs()), perFault(drill.failoverMs()), drill.usersNeverServedAgain(),
                    drill.heapSlopeKbPerMinute() == null ? "" : String.format(Locale.ROOT, "%+.1f KB/min",
                            drill.heapSlopeKbPerMinute()), escape(page.toString().replace('\\', '/'))));
        }
        return html.append("</table>\n").toString();
    }

    private static String perFault(List<Long> values) {
        return values.isEmpty() ? "none" : values.stream().map(SoakPage::ms).collect(Collectors.joining(", "));
    }

    private static String ms(Long value) {
        return value == null ? "never" : value + " ms";
    }
}
