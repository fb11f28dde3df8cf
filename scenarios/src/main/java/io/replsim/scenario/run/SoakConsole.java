package io.replsim.scenario.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a soak prints: a line per drill as it ends, then the summary over all drills. The soak prints it as it runs,
 * and {@code replsim report} prints it again from soak.json.
 */
final class SoakConsole {
    private final PrintStream out;

    SoakConsole(PrintStream out) {
        this.out = out;
    }

    void drill(SoakRunner.Drill drill, int repeat) {
        out.printf(Locale.ROOT, "soak %d/%d: %s, %d lost, %d stale, new view %s, failover %s%s%s%s; %s%n",
                drill.run(), repeat, drill.verdict(), drill.sessionsLost(), drill.sessionsStale(),
                perFault(drill.viewChangeMs()), perFault(drill.failoverMs()),
                drill.usersNeverServedAgain() == 0 ? ""
                        : ", " + drill.usersNeverServedAgain() + " users NEVER served again",
                drill.heapSlopeKbPerMinute() == null ? ""
                        : String.format(Locale.ROOT, ", heap slope %+.1f KB/min", drill.heapSlopeKbPerMinute()),
                drill.orphans() == 0 ? "" : ", " + drill.orphans() + " ORPHAN node processes",
                SoakAnomalies.ofDrill(drill.anomalies()));
    }

    void broke(int run, int repeat, String why) {
        out.printf(Locale.ROOT, "soak %d/%d: the run broke: %s%n", run, repeat, why);
    }

    void summary(SoakRunner.SoakSummary summary, Path soakDir) {
        int neverRecovered = summary.viewChangeMs().never() + summary.failoverMs().never();
        out.printf(Locale.ROOT, "%n== soak %s: %s, %d of %d drills passed%s%s%s ==%n", summary.scenario(),
                summary.held() && summary.broken() == 0 ? "PASS" : "FAIL", summary.passed(), summary.repeat(),
                summary.invalid() == 0 ? "" : ", " + summary.invalid() + " INVALID",
                summary.broken() == 0 ? "" : " (" + summary.broken() + " broke)",
                neverRecovered == 0 ? "" : "; NEVER recovered: " + summary.viewChangeMs().never()
                        + " faults without a new view, " + summary.failoverMs().never() + " with users never served"
                        + " again (" + summary.usersNeverServedAgain() + " users)");
        out.printf(Locale.ROOT, "sessions  %d lost, %d stale over all drills%n", summary.sessionsLost(),
                summary.sessionsStale());
        out.println("new view  " + describe(summary.viewChangeMs()));
        out.println("failover  " + describe(summary.failoverMs()) + "  (last affected user of each fault)");
        out.println("history   " + (summary.anomalies() == null ? "not recorded (a soak.json from before replsim"
                + " summed the drills' anomalies)" : summary.anomalies().overAllDrills()));
        out.println("heap      " + (summary.heapSlopeKbPerMinute() == null ? "no node process lived 3 minutes"
                : String.format(Locale.ROOT, "steepest slope of the heap after GC %+.1f KB/min (any node process,"
                        + " floor of each minute)", summary.heapSlopeKbPerMinute())));
        out.println("orphans   " + summary.orphans() + " node processes left alive after the drills");
        out.println("made by   " + (summary.provenance() == null ? "not recorded (a soak.json from before replsim"
                + " wrote it)" : summary.provenance().line()));
        out.println("soak      " + soakDir + "  (soak.html, soak.json, soak.log, runs/)");
    }

    private static String describe(SoakRunner.Distribution distribution) {
        if (distribution.count() == 0) {
            return "not measured";
        }
        return String.format(Locale.ROOT, "p50 %s   p90 %s   p99 %s   max %s   (%d faults%s)",
                ms(distribution.p50()), ms(distribution.p90()), ms(distribution.p99()), ms(distribution.max()),
                distribution.count(), distribution.never() == 0 ? "" : ", " + distribution.never() + " NEVER");
    }

    /** A drill's figure per fault, "never" where there was none. */
    private static String perFault(List<Long> values) {
        return values.stream().map(SoakConsole::ms).collect(Collectors.joining(", ", "[", "]"));
    }

    private static String ms(Long value) {
        return value == null ? "never" : value + " ms";
    }
}
