package io.replsim.scenario.report;

import io.replsim.loadgen.history.HistoryFile;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The summary a person reads at the end of a run; summary.json holds the same figures. */
public final class ConsoleReport {
    /** Answers not OK named per fault on the console; summary.json and report.html list more. */
    private static final int ANSWERS_PRINTED = 5;

    private final PrintStream out;

    public ConsoleReport(PrintStream out) {
        this.out = out;
    }

    /** One line: what the history's checker judged and found; {@code replsim check} prints each proof. */
    private void printAnomalies(AnomalyCounts anomalies) {
        if (anomalies == null) {
            return;
        }
        line("history   %,d requests, %,d judged, %,d not judged; lost updates %d, read-your-writes violated %d,"
                        + " non-monotonic reads %d, invalidated answered %d, applied twice %d, indeterminate applied"
                        + " %d (legal), resends applied twice %d (legal)%s", anomalies.requests(), anomalies.judged(),
                anomalies.notJudged(), anomalies.lostUpdate(), anomalies.readYourWritesViolated(),
                anomalies.nonMonotonicRead(), anomalies.invalidatedSessionAnswered(), anomalies.writeAppliedTwice(),
                anomalies.indeterminateWriteApplied(), anomalies.resendAppliedTwice(), anomalies.illegal() > 0 ? ": replsim check <run dir> names"
                        + " each with its proof" : "");
    }

    public void print(RunSummary summary) {
        RunSummary.Cluster cluster = summary.cluster();
        RunSummary.Load load = summary.load();
        RunSummary.Requests requests = summary.requests();
        RunSummary.Latency latency = summary.latencyMs();
        line("");
        line("== %s: %s ==", summary.scenario(), summary.verdict());
        RunSummary.External external = summary.external();
        if (cluster != null) {
            line("cluster   %d nodes, replication %s / %s / %s on %s, %d workers and %.2f cores each (%s), payload %s",
                    cluster.nodes(), cluster.placement(), cluster.granularity(), cluster.delivery(), cluster.engine(),
                    cluster.workers(), cluster.cpuBudgetCores(), cluster.cpuBudgetEnforced() ? "enforced"
                            : "budget not enforced: " + cluster.cpuBudgetEnforcement(), cluster.payload());
            // Only what a scenario changed from the defaults, so the usual cluster line stays one line.
            if (!"none".equals(cluster.serviceTime()) || !"tuned".equals(cluster.jgroups())) {
                line("          service time %s; jgroups %s", cluster.serviceTime(), cluster.jgroups());
            }
            if (cluster.gravitationsNotApplicable() != null) {
                line("          gravitations: not applicable (%s)", cluster.gravitationsNotApplicable());
            }
        }
        if (external != null) {
            line("target    %s, path %s, cookie %s, serial %s", String.join(" ", external.targets()), external.path(),
                    external.cookieName(), external.serial());
            line("commands  kill: %s   restart: %s", external.killCommand() == null ? "-" : external.killCommand(),
                    external.restartCommand() == null ? "-" : external.restartCommand());
            line("not measured there: %s", String.join(", ", external.notMeasured()));
            if (external.content() != null) {
                line("content   %s", external.content());
            }
        }
        RunSummary.OpenFigures open = summary.open();
        if (open == null) {
            line("load      %d users%s, think time %s, %s; %,d requests, %.1f req/s, %,d errors%s",
                    load.users(), load.tabs() > 1 ? " of " + load.tabs() + " tabs each" : "",
                    CheckEvaluator.millis(load.thinkTimeMs()), CheckEvaluator.millis(load.durationMs()),
                    requests.total(), summary.throughputPerSec(), requests.errors(), errorBreakdown(requests));
            line("latency   %s   (%s)", latencyLine(latency), successful(summary.servedLatencyMs()));
            printValidity(summary.validity());
            printAnomalies(summary.anomalies());
        } else {
            printOpen(summary, open);
        }
        if (summary.connections() != null) {
            line("conns     %s", RunSummary.Connections.FIGURES.console(summary.connections()));
        }
        for (RunSummary.RequestTypeRow row : summary.requestTypes()) {
            line("request   %-8s weight %-3d %,d requests, %,d errors   %s   (%s)", row.request(), row.weight(),
                    row.requests(), row.errors(), shortLine(row.latencyMs()),
                    RunSummary.ResponseVerdicts.FIGURES.console(row.responses(), ", "));
        }
        if (!summary.sessionsJudged()) {
            // Overlapping tabs move the serial between a tab's requests: judging them one at a time would be wrong.
            line("sessions  not judged one request at a time: each user's %d tabs share its session and overlap, which"
                    + " the users' serial oracle cannot order; the history judges them (history, above)",
                    summary.load().tabs());
        } else {
            printSessions(summary);
        }
        boolean noGravitation = cluster != null && cluster.gravitationsNotApplicable() != null;
        for (FaultReport fault : summary.faults()) {
            printFault(fault, external != null, noGravitation, summary.sessionsJudged());
        }
        // null against a cluster replsim does not run: its nodes' figures are not measured
        List<NodeFigures> nodes = summary.nodes() == null ? List.of() : summary.nodes();
        for (NodeFigures node : nodes) {
            NodeLines.print(node, summary, text -> line("%s", text));
        }
        CompilerWarmUp.warning(nodes).ifPresent(warning -> line("warning   %s", warning));
        for (CheckOutcome check : summary.checks()) {
            line("check     %s  %s %s (measured %s)", check.passed() ? "PASS" : "FAIL", check.check(), check.limit(),
                    check.actual());
        }
        if (summary.provenance() != null) {
            line("made by   %s", summary.provenance().line());
        }
        line("run       %s  (%s)", summary.runDirectory(), filesWritten(summary));
    }

    /** What a reader opens in the run's directory: the page, the figures, the sessions' verdicts, the records. */
    private static String filesWritten(RunSummary summary) {
        String latency = summary.open() != null
                ? "latency.hlog from the intended starts, latency-uncorrected.hlog from the sends"
                : "latency.hlog";
        return "report.html, summary.json, " + SessionsCsv.FILE + ", " + latency + ", events.jsonl"
                + (summary.anomalies() != null ? ", " + HistoryFile.NAME : "")
                + (summary.external() != null ? "" : ", heap.json, nodes/");
    }

    private void printSessions(RunSummary summary) {
        line("sessions  %s   (responses: %s)", RunSummary.Verdicts.FIGURES.console(summary.sessions(), "   "),
                RunSummary.ResponseVerdicts.FIGURES.console(summary.responses(), ", "));
    }

    private void printOpen(RunSummary summary, RunSummary.OpenFigures open) {
        RunSummary.Requests requests = summary.requests();
        ValidityReport validity = summary.validity();
        line("load      open model: %s arrivals at %.1f/s over %d sessions, measured %s to %s; %,d requests,"
                        + " %.1f req/s completed, %,d errors%s", open.arrivals(), open.intendedPerSec(), open.sessions(),
                CheckEvaluator.millis(validity.windowFromMs()), CheckEvaluator.millis(validity.windowToMs()),
                requests.total(), open.throughputPerSec(), requests.errors(), errorBreakdown(requests));
        RunSummary.Latency corrected = open.correctedMs();
        RunSummary.Latency uncorrected = open.uncorrectedMs();
        line("latency   %s   from each request's intended start (%s)", latencyLine(corrected),
                successful(summary.servedLatencyMs()));
        line("          %s   uncorrected, from the send (hides the driver's queue)", latencyLine(uncorrected));
        line("validity  %s   driver CPU %s   GC pause max %s", validity.verdict(), validity.driverCpuMeasured(),
                validity.gcPauseMaxMeasured());
        for (String reason : validity.reasons()) {
            line("          INVALID: %s", reason);
        }
    }

    private void printValidity(ValidityReport validity) {
        line("steady    %s to %s: %,d requests, %.1f req/s, %s (%s), error ratio %.2f%%",
                CheckEvaluator.millis(validity.windowFromMs()), CheckEvaluator.millis(validity.windowToMs()),
                validity.requests(), validity.throughputPerSec(), shortLine(validity.latencyMs()),
                successful(validity.servedLatencyMs()), validity.errorRatio() * 100);
        line("validity  %s   Little's law X·(R+Z) %s   think %s   driver CPU %s   GC pause max %s", validity.verdict(),
                validity.littlesLawMeasured(), validity.thinkMeasured(), validity.driverCpuMeasured(),
                validity.gcPauseMaxMeasured());
        for (String reason : validity.reasons()) {
            line("          INVALID: %s", reason);
        }
    }

    /**
     * {@code external}: against a cluster replsim does not run, whose views and CPU are not measured;
     * {@code sessionsJudged}: whether the users' serial oracle judged the run's sessions (not with tabs).
     */
    private void printFault(FaultReport fault, boolean external, boolean noGravitation, boolean sessionsJudged) {
        line("fault     %s %s (%s)%s at %s%s", fault.type(), fault.node(), fault.target(),
                fault.detail().isEmpty() ? "" : ", " + fault.detail(), CheckEvaluator.millis(fault.atMs()),
                fault.healedAtMs() == null ? "" : ", healed at " + CheckEvaluator.millis(fault.healedAtMs()));
        if (fault.unfinished() != null) {
            line("          NOT COMPLETED: %s; its figures are not measured (read back %s)", fault.unfinished(),
                    fault.evidence().seen());
            return;
        }
        if (!fault.confirmed()) {
            line("          NOT CONFIRMED (%s): its figures are not measured", fault.evidence().seen());
            return;
        }
        line("          confirmed: %s", fault.evidence().seen());
        String perSurvivor = fault.survivors().stream()
                .map(s -> s.node() + " " + (s.viewChangeMs() == null ? "never" : CheckEvaluator.millis(s.viewChangeMs())))
                .collect(Collectors.joining(", "));
        if (external) {
            line("          new view: not measured (the cluster's views are not read from outside)");
        } else if (fault.type().equals("restart") && fault.viewChangeMs() == null) {
            line("          %s was already out of the view when it was restarted", fault.node());
        } else if (fault.viewChangeMs() == null && fault.survivors().stream().allMatch(v -> v.viewChangeMs() == null)) {
            line("          no new view: no survivor installed a view without %s", fault.node());
        } else {
            line("          new view after %s (%s)",
                    fault.viewChangeMs() == null ? "NEVER" : CheckEvaluator.millis(fault.viewChangeMs()), perSurvivor);
        }
        if (fault.backInViewMs() != null) {
            line("          %s back in the survivors' view after %s%s%s", fault.node(),
                    CheckEvaluator.millis(fault.backInViewMs()), fault.healedAtMs() == null ? ""
                            : " (" + CheckEvaluator.millis(fault.backInViewMs() - (fault.healedAtMs() - fault.atMs()))
                                    + " after the heal)",
                    fault.mergeSettledMs() == null ? "" : "; the merge settled on every node "
                            + CheckEvaluator.millis(Math.max(0, fault.mergeSettledMs() - fault.backInViewMs()))
                            + " later");
        }
        if (fault.affectedUsers() == 0) {
            line("          no user was on %s when it failed", fault.node());
        } else if (fault.recoveredUsers() == 0 && fault.unrecoveredUsers() == 0) {
            line("          %d users were on %s: it kept serving them", fault.affectedUsers(), fault.node());
        } else {
            line("          %d users were on %s: %d served again elsewhere%s%s%s, first good response p50 %s, p90 %s,"
                            + " last %s",
                    fault.affectedUsers(), fault.node(), fault.recoveredUsers(),
                    fault.movedTo().isEmpty() ? "" : " (" + fault.movedTo().entrySet().stream()
                            .map(moved -> moved.getKey() + " " + moved.getValue())
                            .collect(java.util.stream.Collectors.joining(", ")) + ")",
                    fault.stayedUsers() > 0 ? ", " + fault.stayedUsers() + " kept being served by " + fault.node() : "",
                    fault.unrecoveredUsers() > 0 ? " (" + fault.unrecoveredUsers() + " NEVER)" : "",
                    optionalMillis(fault.failoverMsP50()), optionalMillis(fault.failoverMsP90()),
                    fault.failoverMs() == null ? "NEVER" : CheckEvaluator.millis(fault.failoverMs()));
        }
        if (fault.impact() != null) {
            printImpact(fault.impact(), external, fault.recoveredUsers() + fault.unrecoveredUsers() > 0);
        }
        if (fault.attributed() != null) {
            printAttributed(fault.attributed(), noGravitation, sessionsJudged);
        }
    }

    /** A run with tabs whose summary.json predates the rule still has 0s there: the run's own say decides too. */
    private void printAttributed(FaultAttribution attributed, boolean noGravitation, boolean sessionsJudged) {
        String gravitations = noGravitation ? "gravitations not applicable"
                : attributed.gravitations() == null ? "gravitations not measured"
                : String.format(Locale.ROOT, "%,d gravitations", attributed.gravitations());
        if (!attributed.sessionsJudged() || !sessionsJudged) {
            line("          sessions attributable to this fault (%s-%s): not judged (the users' tabs overlap; the"
                            + " history judges them, history above); %s",
                    CheckEvaluator.millis(attributed.windowFromMs()), CheckEvaluator.millis(attributed.windowToMs()),
                    gravitations);
            return;
        }
        line("          sessions attributable to this fault (%s-%s): %,d LOST%s, %,d STALE%s; %s",
                CheckEvaluator.millis(attributed.windowFromMs()), CheckEvaluator.millis(attributed.windowToMs()),
                attributed.sessionsLost(), users(attributed.lostUsers()), attributed.sessionsStale(),
                users(attributed.staleUsers()), gravitations);
        if (attributed.staleWhileMerging() != null) {
            line("          while the merge settled: %,d STALE responses; after every node had settled it: %,d STALE"
                    + " responses", attributed.staleWhileMerging(), attributed.staleAfterMerge());
        } else if (attributed.staleAfterMerge() != null) {
            line("          after the nodes were back in every survivor's view: %,d STALE responses",
                    attributed.staleAfterMerge());
        }
        // Who served them: enough lines to see one node or one moment, the rest in summary.json and report.html.
        List<AttributedAnswer> answers = attributed.answers();
        for (AttributedAnswer answer : answers.subList(0, Math.min(answers.size(), ANSWERS_PRINTED))) {
            line("            %s", answer.describe());
        }
        long more = answers.size() + attributed.answersLeftOut() - Math.min(answers.size(), ANSWERS_PRINTED);
        if (more > 0) {
            line("            and %,d more such answers (summary.json: faults[].attributed.answers)", more);
        }
    }

    /** The users named, up to ten, so a reader can look them up in the timelines. */
    private static String users(List<Integer> users) {
        if (users.isEmpty()) {
            return "";
        }
        String listed = users.stream().limit(10).map(String::valueOf).collect(Collectors.joining(", "));
        return " (users " + listed + (users.size() > 10 ? ", ..." : "") + ")";
    }

    /** {@code usersMoved}: whether the fault sent its node's users elsewhere, which is what makes survivors. */
    private void printImpact(FaultImpact impact, boolean external, boolean usersMoved) {
        line("          window %s-%s: %,d errors, throughput %s -> lowest %s req/s (dip %s)",
                CheckEvaluator.millis(impact.windowFromMs()), CheckEvaluator.millis(impact.windowToMs()),
                impact.errors(), number(impact.throughputBefore()), number(impact.lowestThroughput()),
                percent(impact.throughputDip()));
        line("          latency p99 %s, max %s (before: p99 %s, max %s); p90 back under %s after %s",
                optionalMillis(impact.p99WindowMs()), optionalMillis(impact.maxWindowMs()),
                optionalMillis(impact.p99BeforeMs()), optionalMillis(impact.maxBeforeMs()),
                CheckEvaluator.millis(impact.p90BoundMs()),
                impact.p90NeverBackUnderBound() ? "NEVER (within the window)"
                        : impact.p90BackUnderBoundAfterMs() == null ? "-"
                        : CheckEvaluator.millis(impact.p90BackUnderBoundAfterMs()));
        if (external) {
            line("          survivor CPU: not measured (the cluster's CPU is not read from outside)");
            return;
        }
        String survivors = impact.survivorCpu().stream()
                .map(cpu -> cpu.node() + " " + percent(cpu.utilizationAfter()))
                .collect(Collectors.joining(", "));
        if (!usersMoved) {
            // A partition, a delay or a lossy link that left every user where it was: nobody failed over, so no
            // survivor absorbed anything and the even-spread prediction would describe a failover that did not happen.
            line("          the other nodes' CPU during the fault %s (ceiling %s; before %s)", survivors,
                    percent(impact.cpuCeiling()), percent(impact.utilizationBefore()));
            return;
        }
        line("          survivor CPU after failover %s (ceiling %s; before %s, even spread predicts %s)", survivors,
                percent(impact.cpuCeiling()), percent(impact.utilizationBefore()),
                percent(impact.predictedSurvivorUtilization()));
    }

    private static String number(Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String percent(Double fraction) {
        return fraction == null ? "-" : String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    private static String optionalMillis(Double ms) {
        return ms == null ? "-" : CheckEvaluator.millis(ms);
    }

    private static String optionalMillis(Long ms) {
        return ms == null ? "-" : CheckEvaluator.millis(ms);
    }

    private static String errorBreakdown(RunSummary.Requests requests) {
        return requests.errors() == 0 ? "" : " (" + RunSummary.Requests.FIGURES.console(requests, ", ") + ")";
    }

    /**
     * The successful answers' p90 beside a latency line's, whose figures count every answer (errors included); "no
     * successful answer" when there was none.
     */
    private static String successful(RunSummary.Latency served) {
        return served == null ? "no successful answer"
                : "successful answers " + RunSummary.Latency.P90.console(served);
    }

    /** A {@code latency} line's response-time figures, as declared ({@link RunSummary.Latency#FIGURES}). */
    private static String latencyLine(RunSummary.Latency latency) {
        return RunSummary.Latency.FIGURES.console(latency, LatencySection.Line.LATENCY);
    }

    /** The steady window's and a request type's response-time figures, as declared. */
    private static String shortLine(RunSummary.Latency latency) {
        return RunSummary.Latency.FIGURES.console(latency, LatencySection.Line.SHORT);
    }

    private void line(String format, Object... args) {
        out.println(String.format(Locale.ROOT, format, args).stripTrailing());
    }
}
