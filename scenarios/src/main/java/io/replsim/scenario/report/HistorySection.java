package io.replsim.scenario.report;

import io.replsim.loadgen.anomaly.AnomalyKind;
import java.util.Locale;

/**
 * What the consistency checker found in the run's history, as the console's history line says it: with tabs it is
 * the only judge of the sessions, so the page shows it beside the sessions' table. None without a history.
 */
final class HistorySection {

    private HistorySection() {
    }

    static String html(AnomalyCounts anomalies) {
        if (anomalies == null) {
            return "";
        }
        StringBuilder html = new StringBuilder(String.format(Locale.ROOT, "<h2>History</h2>\n<p>%,d requests, %,d"
                        + " answers judged, %,d not judged by the consistency checker; replsim check &lt;run dir&gt;"
                        + " names each anomaly with the requests that prove it.</p>\n<table class=\"history\"><tr>"
                        + "<th>anomaly</th><th>count</th><th></th></tr>\n", anomalies.requests(), anomalies.judged(),
                anomalies.notJudged()));
        for (AnomalyKind kind : AnomalyKind.values()) {
            long count = anomalies.of(kind);
            html.append("<tr><td>").append(kind.label()).append("</td><td class=\"")
                    .append(count > 0 && !kind.legal() ? "FAIL" : "PASS").append("\">").append(count)
                    .append("</td><td>").append(kind.legal() ? "legal: counted, not failed" : "").append("</td></tr>\n");
        }
        return html.append("</table>\n").toString();
    }
}
