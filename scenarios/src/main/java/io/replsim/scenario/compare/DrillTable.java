package io.replsim.scenario.compare;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * A comparison's drill figures on the console, a table beside the main one and printed only when some scenario
 * carried faults: per scenario the sessions by verdict, the time to the new view, the failover and the p99 in the
 * fault window, each as its band over the rounds; a scenario without faults says "no fault".
 */
final class DrillTable {
    private static final String ROW = "%-28s %-7s %-9s %-9s %-9s %-9s %-9s %-12s %-12s %s%n";

    private DrillTable() {
    }

    static void print(List<ComparisonResult.Row> rows, PrintStream out) {
        if (rows.stream().noneMatch(row -> row.drill().carriedFaults())) {
            return;
        }
        out.printf(Locale.ROOT, ROW, "drill", "runs", "OK", "STALE", "LOST", "CORRUPT", "FAILED", "new view ms",
                "failover ms", "p99 fault window ms");
        for (ComparisonResult.Row row : rows) {
            DrillBands drill = row.drill();
            if (!drill.carriedFaults()) {
                out.printf(Locale.ROOT, "%-28s %s%n", row.scenario(), DrillBands.NO_FAULT);
                continue;
            }
            out.printf(Locale.ROOT, ROW, row.scenario(), drill.faulted() + "/" + row.measured(),
                    shown(drill.sessionsOk(), "%,.0f"), shown(drill.sessionsStale(), "%,.0f"),
                    shown(drill.sessionsLost(), "%,.0f"), shown(drill.sessionsCorrupt(), "%,.0f"),
                    shown(drill.sessionsFailed(), "%,.0f"), shown(drill.viewChangeMs(), "%,.0f"),
                    shown(drill.failoverMs(), "%,.0f"), shown(drill.p99FaultWindowMs(), "%,.1f"));
        }
        out.println("drill: each fault run's sessions by verdict, and over its faults the slowest time to the new"
                + " view, to the last affected user served again (failover) and p99 in the fault window; '-' is not"
                + " measured");
    }

    private static String shown(Band band, String pattern) {
        return band == null ? "-" : band.format(pattern);
    }
}
