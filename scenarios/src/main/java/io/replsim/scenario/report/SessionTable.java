package io.replsim.scenario.report;

import java.util.Locale;

/** The sessions' table: how many ended with each verdict, a column per declared verdict. */
final class SessionTable {

    private SessionTable() {
    }

    /**
     * Sessions by their worst verdict; EXPIRED ones ended as {@code maxInactiveInterval} says, not lost. A run with
     * tabs has none: the users' serial oracle judged none of its sessions, and the page says so.
     */
    static String html(RunSummary summary) {
        if (!summary.sessionsJudged()) {
            return String.format(Locale.ROOT, "<h2>Sessions by verdict</h2>\n<p class=\"not-judged\">Not judged: each"
                    + " user's %d tabs share its session and overlap, which the users' serial oracle cannot order;"
                    + " the history's checker judges them (summary.json's anomalies, replsim check).</p>\n",
                    summary.load().tabs());
        }
        return html(summary.sessions());
    }

    /** Sessions by their worst verdict, a column per verdict. */
    static String html(RunSummary.Verdicts sessions) {
        return "<h2>Sessions by verdict</h2>\n" + RunSummary.Verdicts.FIGURES.html(sessions);
    }
}
