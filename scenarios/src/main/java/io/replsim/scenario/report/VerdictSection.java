package io.replsim.scenario.report;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import java.util.List;

/** Every check of the run: PASS or FAIL, what it asks, its limit and what was measured. */
final class VerdictSection {

    private VerdictSection() {
    }

    static String html(List<CheckOutcome> checks) {
        if (checks.isEmpty()) {
            return "<h2>Checks</h2>\n<p>The scenario has no checks.</p>\n";
        }
        StringBuilder html = new StringBuilder("<h2>Checks</h2>\n<table class=\"checks\"><tr><th></th><th>check</th>"
                + "<th>limit</th><th>measured</th></tr>\n");
        for (CheckOutcome check : checks) {
            String verdict = check.passed() ? "PASS" : "FAIL";
            html.append("<tr><td class=\"").append(verdict).append("\">").append(verdict).append("</td><td>")
                    .append(escape(check.check())).append("</td><td>").append(escape(check.limit()))
                    .append("</td><td>").append(escape(check.actual())).append("</td></tr>\n");
        }
        return html.append("</table>\n").toString();
    }
}
