package io.replsim.scenario.report;

import java.util.Locale;

/** The sessions' table: how many ended with each verdict. */
final class SessionTable {

    private SessionTable() {
    }

    /** Sessions by their worst verdict; EXPIRED ones ended as {@code maxInactiveInterval} says, not lost. */
    static String html(RunSummary.Verdicts sessions) {
        if (sessions == null) {
            return "";
        }
        return "<h2>Sessions by verdict</h2>\n<table><tr><th>OK</th><th>STALE</th><th>CORRUPT</th><th>FAILED</th>"
                + "<th>LOST</th><th>EXPIRED</th><th>NEVER SERVED</th></tr>\n" + String.format(Locale.ROOT,
                "<tr><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td></tr></table>%n",
                sessions.ok(), sessions.stale(), sessions.corrupt(), sessions.failed(), sessions.lost(),
                sessions.expired(), sessions.neverServed());
    }

}
