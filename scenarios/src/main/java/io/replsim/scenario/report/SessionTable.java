package io.replsim.scenario.report;

/** The sessions' table: how many ended with each verdict, a column per declared verdict. */
final class SessionTable {

    private SessionTable() {
    }

    /** Sessions by their worst verdict; EXPIRED ones ended as {@code maxInactiveInterval} says, not lost. */
    static String html(RunSummary.Verdicts sessions) {
        if (sessions == null) {
            return "";
        }
        return "<h2>Sessions by verdict</h2>\n" + RunSummary.Verdicts.FIGURES.html(sessions);
    }
}
