package io.replsim.scenario.report;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import java.util.List;
import java.util.Locale;

/** The faults' table (what each did, its expectations) and the answers not OK put down to each. */
final class FaultTables {

    private FaultTables() {
    }

    /** {@code sessionsJudged}: whether the users' serial oracle judged the run's sessions (not with tabs). */
    static String faults(List<FaultReport> faults, boolean sessionsJudged) {
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
                            : !attributed.sessionsJudged() || !sessionsJudged
                            ? "not judged (tabs: the history judges them)"
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
    static String answers(List<FaultReport> faults) {
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

    static String label(FaultReport fault) {
        return fault.type() + " " + fault.node() + " (" + fault.target() + ")"
                + (fault.detail().isEmpty() ? "" : ", " + fault.detail());
    }

    static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }
}
