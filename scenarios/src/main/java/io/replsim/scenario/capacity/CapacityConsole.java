package io.replsim.scenario.capacity;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The capacity search on the console: a line per step as it ends, then the result, each load counted in the
 * search's unit (users, or arrivals a second for the open model).
 */
public final class CapacityConsole {

    private final PrintStream out;
    private final String unit;
    private final String cap;

    /** A search over users. */
    public CapacityConsole(PrintStream out) {
        this(out, SearchedLoad.USERS);
    }

    public CapacityConsole(PrintStream out, SearchedLoad searched) {
        this.out = out;
        this.unit = searched.unit();
        this.cap = searched == SearchedLoad.USERS ? "user" : "rate";
    }

    public void step(StepOutcome outcome) {
        step(outcome, null);
    }

    /** @param soFar the runs at this step's users so far, this one included; a run after the first shows it */
    public void step(StepOutcome outcome, StepSpread soFar) {
        StepMeasurement m = outcome.measurement();
        String cpu = m.nodes().isEmpty() ? "CPU not measured" : m.nodes().stream()
                .map(n -> String.format(Locale.ROOT, "%s %.0f%%", n.node(), n.utilization() * 100))
                .collect(Collectors.joining(" "));
        line("step %2d %-8s %6d %s  %-4s %-22s %8.1f req/s  mean %7.1f ms  p90 %7.1f ms  p99 %7.1f ms  errors %.2f%%"
                        + "  %s  %s", outcome.index(), outcome.phase().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                outcome.users(), unit, outcome.passed() ? "PASS" : "FAIL",
                outcome.broken().isEmpty() ? "" : "(" + outcome.broken().stream().map(Limit::name)
                        .collect(Collectors.joining("+")) + ")",
                m.throughputPerSec(), m.meanMs(), m.p90Ms(), m.p99Ms(), m.errorRatio() * 100, cpu,
                m.valid() ? "valid" : "INVALID: " + String.join("; ", m.invalidReasons()));
        if (soFar != null && soFar.runs() > 1 && soFar.ratio() != null) {
            line("        %d runs at %d %s so far: busiest node %.0f-%.0f%% (%.2fx)", soFar.runs(), soFar.users(),
                    unit, soFar.minBusiestCpu() * 100, soFar.maxBusiestCpu() * 100, soFar.ratio());
        }
    }

    public void warmUpRound(WarmUp.Round round) {
        String cpu = round.nodeCpu().isEmpty() ? "CPU not measured" : round.nodeCpu().stream()
                .map(n -> String.format(Locale.ROOT, "%s %.0f%%", n.node(), n.utilization() * 100))
                .collect(Collectors.joining(" "));
        Double compiler = round.maxCompilerShare();
        line("warm-up %d  %6d %s  unmeasured  %8.1f req/s  p90 %7.1f ms  err %5.2f%% of %,d  %s%s  (%.0f s)%s",
                round.round(), round.users(), unit, round.throughputPerSec(), round.p90Ms(), round.errorRatio() * 100,
                round.requests(), cpu, compiler == null ? "" : String.format(Locale.ROOT, "  JIT up to %.0f%%",
                        compiler * 100), round.wallMs() / 1000.0,
                round.overloaded() ? "  not carried: the next round runs half the " + unit : "");
    }

    public void warmUpDone(WarmUp warmUp, WarmUpPlan plan) {
        if (warmUp.rounds().isEmpty()) {
            return;
        }
        line("warm-up: %d unmeasured rounds, last at %d %s%s, in %.0f s before the first measured step, %s",
                warmUp.rounds().size(), warmUp.users(), unit, warmUp.halved() ? String.format(Locale.ROOT,
                        " (%d %s were not carried)", warmUp.firstStepUsers(), unit) : "", warmUp.wallMs() / 1000.0,
                warmUp.settled()
                ? String.format(Locale.ROOT, "settled (last two rounds' busiest node within %.2fx%s)",
                        plan.settledRatio(), warmUp.rounds().getLast().maxCompilerShare() == null ? ""
                                : ", the JIT done")
                : String.format(Locale.ROOT, "NOT settled after %d rounds: the first steps may still read high",
                        plan.maxRounds()));
    }

    public void result(String title, CapacitySummary.Search search) {
        line("");
        if (search.usersSustained() == 0) {
            line("== %s: no load sustained%s; binding %s ==", title,
                    search.stoppedEarly() ? " (step budget spent)" : "", search.binding());
            search.steps().stream().filter(row -> passedEveryRun(search, row.users()))
                    .mapToInt(CapacitySummary.StepRow::users).max()
                    .ifPresent(users -> line("             %,d %s passed every run but were not confirmed: a lower"
                            + " bound; run again with more --max-steps", users, unit));
            return;
        }
        CapacitySummary.StepRow at = search.atCapacity();
        line("== %s: %,d %s sustained on %d nodes (confirmed by a repeat run) ==", title, search.usersSustained(),
                unit, search.nodes());
        line("at capacity  %.1f req/s   mean %.1f ms   p90 %.1f ms   p95 %.1f ms   p99 %.1f ms   errors %.3f%%",
                at.throughputPerSec(), at.meanMs(), at.p90Ms(), at.p95Ms(), at.p99Ms(), at.errorRatio() * 100);
        for (NodeCpu node : at.nodeCpu()) {
            line("  %-8s CPU %.2f cores = %3.0f%% of its %.2f-core budget", node.node(), node.cores(),
                    node.utilization() * 100, node.budgetCores());
        }
        List<StepSpread> repeated = search.spreads().stream().filter(s -> s.runs() > 1 && s.ratio() != null).toList();
        if (!repeated.isEmpty()) {
            line("spread       busiest node's CPU between runs of a load: %s", repeated.stream()
                    .map(s -> String.format(Locale.ROOT, "%d %s %d runs %.0f-%.0f%% (%.2fx)", s.users(), unit,
                            s.runs(), s.minBusiestCpu() * 100, s.maxBusiestCpu() * 100, s.ratio()))
                    .collect(Collectors.joining("; ")));
        }
        line("binding      %s", search.binding().isEmpty() ? "none: the search reached its " + cap + " cap"
                : String.join(" + ", search.binding()) + " (broken by the fewest " + unit + " that failed, "
                        + failuresAtBound(search) + ")");
    }

    private static boolean passedEveryRun(CapacitySummary.Search search, int users) {
        return search.steps().stream().filter(row -> row.users() == users).allMatch(row -> row.verdict().equals("PASS"));
    }

    /** How sure the bound is: a limit that broke in every run at those users, or in some of them. */
    private String failuresAtBound(CapacitySummary.Search search) {
        int bound = search.steps().stream().filter(row -> !row.verdict().equals("PASS")
                && row.users() > search.usersSustained()).mapToInt(CapacitySummary.StepRow::users).min().orElse(0);
        List<CapacitySummary.StepRow> runs = search.steps().stream().filter(row -> row.users() == bound).toList();
        long failures = runs.stream().filter(row -> !row.verdict().equals("PASS")).count();
        return String.format(Locale.ROOT, "%,d %s: failed %d of %d runs", bound, unit, failures, runs.size());
    }

    public void line(String format, Object... args) {
        out.println(String.format(Locale.ROOT, format, args).stripTrailing());
    }
}
