package io.replsim.scenario.compare;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import java.util.List;
import java.util.stream.Stream;

/**
 * compare.html's drill table, drawn only when some scenario carried faults: per scenario the sessions by verdict,
 * the time to the new view, the failover and the p99 in the fault window, each as its band over the rounds; a
 * scenario without faults says "no fault", a figure no fault measured "not measured".
 */
final class DrillSection {

    /** One scenario's drill as compare.json records it. */
    record ScenarioDrill(String scenario, int runs, DrillBands drill) {
    }

    private DrillSection() {
    }

    static String html(List<ScenarioDrill> drills) {
        if (drills.stream().noneMatch(row -> row.drill().carriedFaults())) {
            return "";
        }
        StringBuilder html = new StringBuilder("<h2>The drill</h2>\n<p>Each fault run's sessions by verdict, and over"
                + " its faults the slowest time to the new view, to the last affected user served again (failover)"
                + " and p99 in the fault window, as the band over the rounds.</p>\n<table><tr><th>scenario</th>"
                + "<th>runs with faults</th><th>OK</th><th>STALE</th><th>LOST</th><th>CORRUPT</th><th>FAILED</th>"
                + "<th>new view ms</th><th>failover ms</th><th>p99 fault window ms</th></tr>\n");
        for (ScenarioDrill row : drills) {
            DrillBands drill = row.drill();
            html.append("<tr><td>").append(escape(row.scenario())).append("</td>");
            if (!drill.carriedFaults()) {
                html.append("<td colspan=\"9\">").append(DrillBands.NO_FAULT).append("</td></tr>\n");
                continue;
            }
            html.append("<td>").append(drill.faulted()).append('/').append(row.runs()).append("</td>");
            Stream.of(cell(drill.sessionsOk(), "%,.0f"), cell(drill.sessionsStale(), "%,.0f"),
                    cell(drill.sessionsLost(), "%,.0f"), cell(drill.sessionsCorrupt(), "%,.0f"),
                    cell(drill.sessionsFailed(), "%,.0f"), cell(drill.viewChangeMs(), "%,.0f"),
                    cell(drill.failoverMs(), "%,.0f"), cell(drill.p99FaultWindowMs(), "%,.1f"))
                    .forEach(cell -> html.append("<td>").append(escape(cell)).append("</td>"));
            html.append("</tr>\n");
        }
        return html.append("</table>\n").toString();
    }

    private static String cell(Band band, String pattern) {
        return band == null ? "not measured" : band.format(pattern);
    }
}
