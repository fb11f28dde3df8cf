package io.replsim.scenario.run;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.scenario.report.AnomalyCounts;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * soak.html's anomalies: the history's checker's totals per kind over all drills in the summary, and each drill's
 * counts in its row. A kind a drill did not judge (it recorded no history) reads "not judged", never 0.
 */
final class SoakAnomaliesSection {
    private static final String NOT_JUDGED = "not judged";

    private SoakAnomaliesSection() {
    }

    /** The summary's table: each kind's total over the drills that judged it, and which drills did not. */
    static String overAllRuns(SoakRunner.SoakSummary soak) {
        SoakAnomalies anomalies = soak.anomalies();
        if (anomalies == null) {
            return "<h2>Anomalies over all drills</h2>\n<p>Not recorded: this soak.json was written before replsim"
                    + " soak added up the drills' anomalies; each run's summary.json has its own.</p>\n";
        }
        AnomalyCounts counts = anomalies.counts();
        StringBuilder html = new StringBuilder("<h2>Anomalies over all drills</h2>\n<table class=\"anomalies\">"
                + "<tr><th>kind</th><th>over all runs</th><th>a correct cluster</th></tr>\n");
        for (AnomalyKind kind : AnomalyKind.values()) {
            html.append("<tr><td>").append(escape(kind.label())).append("</td><td>")
                    .append(counts == null ? NOT_JUDGED : String.format(Locale.ROOT, "%,d", counts.of(kind)))
                    .append("</td><td>").append(kind.legal() ? "may show it (counted)" : "does not show it")
                    .append("</td></tr>\n");
        }
        html.append("</table>\n");
        if (counts == null) {
            return html.append("<p>No drill recorded a history (load.history): every kind not judged.</p>\n")
                    .toString();
        }
        return html.append(String.format(Locale.ROOT, "<p>Judged in %d of %d drills%s: %,d requests, %,d answers"
                        + " judged, %,d not judged.</p>%n", anomalies.drillsJudged(),
                anomalies.drillsJudged() + anomalies.drillsNotJudged(), anomalies.drillsNotJudged() == 0 ? ""
                        : " (" + anomalies.drillsNotJudged() + " recorded no history: not judged, not in the totals)",
                counts.requests(), counts.judged(), counts.notJudged())).toString();
    }

    /** The run table's headers: one per kind, and the requests not judged. */
    static String headers() {
        return Arrays.stream(AnomalyKind.values()).map(kind -> "<th>" + escape(kind.label()) + "</th>")
                .collect(Collectors.joining()) + "<th>requests not judged</th>";
    }

    /** A drill's cells under {@link #headers()}. */
    static String cells(SoakRunner.Drill drill) {
        AnomalyCounts counts = drill.anomalies();
        if (counts == null) {
            return "<td colspan=\"" + (AnomalyKind.values().length + 1) + "\">history not recorded: "
                    + NOT_JUDGED + "</td>";
        }
        return Arrays.stream(AnomalyKind.values()).map(kind -> "<td>" + counts.of(kind) + "</td>")
                .collect(Collectors.joining()) + "<td>" + counts.notJudged() + "</td>";
    }
}
