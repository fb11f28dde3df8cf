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
        String cpu = m.nodes().isEmpty() ? "CPU not measured" : (m.kill().isPresent() ? "survivors " : "")
                + m.nodes().stream()
                .map(n -> String.format(Locale.ROOT, "%s %.0f%%", n.node(), n.utilization() * 100))
                .collect(Collectors.joining(" "));
        line("step %2d %-8s %6d %s  %-4s %-22s %8.1f req/s  mean %7.1f ms  p90 %7.1f ms  p99 %7.1f ms  errors %.2f%%"
                        + "  %s  %s%s", outcome.index(), outcome.phase().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                outcome.users(), unit, outcome.passed() ? "PASS" : "FAIL",
                outcome.broken().isEmpty() ? "" : "(" + outcome.broken().stream().map(Limit::name)
                        .collect(Collectors.joining("+")) + ")",
                m.throughputPerSec(), m.meanMs(), m.p90Ms(), m.p99Ms(), m.errorRatio() * 100, cpu,
                m.valid() ? "valid" : "INVALID: " + String.join("; ", m.invalidReasons()),
                m.kill().map(CapacityConsole::throughKill).orElse(""));
        if (soFar != null && soFar.runs() > 1 && soFar.ratio() != null) {
            line("        %d runs at %d %s so far: busiest node %.0f-%.0f%% (%.2fx)", soFar.runs(), soFar.users(),
                    unit, soFar.minBusiestCpu() * 100, soFar.maxBusiestCpu() * 100, soFar.ratio());
        }
    }

    /** What a step through a kill adds to its line: which node, when, and what it cost the users. */
    static String throughKill(KillWindow kill) {
        return String.format(Locale.ROOT, "  through a kill of %s at +%.1f s: sessions %s; failed attempts after"
                + " it: %d at %s, %d at the survivors, of %,d requests", kill.node(), kill.afterMs() / 1000.0,
                kill.sessionsWhy(), kill.failedOnKilled(), kill.node(), kill.failedOnSurvivors(), kill.requests());
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

    /** After a boundary step: where the answer stands so far. */
    public void estimate(CapacityEstimate estimate) {
        line("        estimate so far: %s", answer(estimate, 0));
    }

    public void result(String title, CapacitySummary.Search search) {
        line("");
        CapacityEstimate estimate = search.estimate();
        if (search.usersSustained() == 0) {
            line("== %s: no load sustained%s; binding %s ==", title,
                    search.stoppedEarly() ? " (step budget spent)" : "", search.binding());
            if (search.stoppedEarly() && estimate.users() > 0) {
                line("so far       %s: not an answer; run again with more --max-steps", answer(estimate, 0));
            }
            if (!estimate.note().isEmpty()) {
                line("why          %s", estimate.note());
            }
            return;
        }
        line("== %s: %s ==", title, answer(estimate, search.nodes()));
        if (!estimate.note().isEmpty()) {
            line("%-12s %s", estimate.fitted() ? "note" : "no interval", estimate.note());
        }
        for (LimitFit fit : estimate.fits()) {
            if (fit.slope() != null) {
                line("%-12s %s", "line", describe(fit));
            }
        }
        line("runs near it %s", runsNear(search));
        StepAnswer steps = estimate.steps();
        line("every run    passed up to %s", steps.users() == 0 ? "no load" : String.format(Locale.ROOT,
                "%,d %s (passed %d of %d runs)%s", steps.users(), unit, steps.runs(), steps.runs(),
                steps.bounded() ? String.format(Locale.ROOT, ", below %,d (failed %d of %d runs)", steps.bound(),
                        steps.boundFailed(), steps.boundRuns()) : ""));
        CapacitySummary.StepRow at = search.atCapacity();
        if (at != null) {
            line("at capacity  step %d, %,d %s: %.1f req/s   mean %.1f ms   p90 %.1f ms   p95 %.1f ms   p99 %.1f ms"
                            + "   errors %.3f%%", at.step(), at.users(), unit, at.throughputPerSec(), at.meanMs(),
                    at.p90Ms(), at.p95Ms(), at.p99Ms(), at.errorRatio() * 100);
            for (NodeCpu node : at.nodeCpu()) {
                line("  %-8s CPU %.2f cores = %3.0f%% of its %.2f-core budget", node.node(), node.cores(),
                        node.utilization() * 100, node.budgetCores());
            }
        }
        List<StepSpread> repeated = search.spreads().stream().filter(s -> s.runs() > 1 && s.ratio() != null).toList();
        if (!repeated.isEmpty()) {
            line("spread       busiest node's CPU between runs of a load: %s", repeated.stream()
                    .map(s -> String.format(Locale.ROOT, "%d %s %d runs %.0f-%.0f%% (%.2fx)", s.users(), unit,
                            s.runs(), s.minBusiestCpu() * 100, s.maxBusiestCpu() * 100, s.ratio()))
                    .collect(Collectors.joining("; ")));
        }
        line("binding      %s", search.binding().isEmpty() ? noBinding(search)
                : String.join(" + ", search.binding()) + (estimate.fitted()
                        ? " (its line reaches its limit first)"
                        : " (broken by the fewest " + unit + " that failed at least half their runs)"));
    }

    /**
     * Why no limit binds a search that sustained some load (a spent step budget sustains none, said above): it
     * stopped at its cap, or once its boundary and confirmation steps were run, where a failure may have been
     * outweighed (a pass over a longer step above it overrules a shorter step's failure, and a load binds only when
     * it failed at least half of its runs), which leaves the answer a floor, not the cap the search never reached.
     */
    private String noBinding(CapacitySummary.Search search) {
        List<Integer> outweighed = search.steps().stream().filter(step -> "FAIL".equals(step.verdict()))
                .map(CapacitySummary.StepRow::users).distinct().sorted().toList();
        if (outweighed.isEmpty()) {
            return "none: the search reached its " + cap + " cap";
        }
        return String.format(Locale.ROOT, "none: the runs that failed (at %s %s) do not bound it, since a pass over"
                + " a longer step above a load overrules its shorter steps' failures and a load binds only when it"
                + " failed at least half of its runs; the answer is a floor: a search started higher finds the limit",
                outweighed.stream().map(users -> String.format(Locale.ROOT, "%,d", users))
                        .collect(Collectors.joining(", ")), unit);
    }

    /** "4,750 users sustained on 3 nodes, 95% interval 4,560-4,930 users; binding CPU", or the steps' answer. */
    private String answer(CapacityEstimate estimate, int nodes) {
        String on = nodes == 0 ? "" : String.format(Locale.ROOT, " on %d nodes", nodes);
        String binding = estimate.binding().isEmpty() ? "no limit reached"
                : "binding " + String.join(" + ", estimate.binding().stream().map(Limit::name).toList());
        if (estimate.fitted()) {
            return String.format(Locale.ROOT, "%,d %s sustained%s, %.0f%% interval %,d-%,d %s (another search:"
                            + " %,d-%,d); %s", estimate.users(), unit, on, CapacityEstimate.CONFIDENCE * 100,
                    estimate.low(), estimate.high(), unit, estimate.nextLow(), estimate.nextHigh(), binding);
        }
        StepAnswer steps = estimate.steps();
        return String.format(Locale.ROOT, "%,d %s sustained%s (from the steps: passed %d of %d runs%s); %s",
                estimate.users(), unit, on, steps.runs(), steps.runs(), steps.bounded() ? String.format(Locale.ROOT,
                        ", %,d failed %d of %d", steps.bound(), steps.boundFailed(), steps.boundRuns()) : "", binding);
    }

    private String describe(LimitFit fit) {
        boolean cpu = fit.limit() == Limit.CPU;
        String rise = cpu ? String.format(Locale.ROOT, "%+.1f points per 1,000 %s", fit.slope() * 100_000, unit)
                : String.format(Locale.ROOT, "x%.2f per 1,000 %s", Math.exp(fit.slope() * 1000), unit);
        String scatter = cpu ? String.format(Locale.ROOT, "±%.1f points", fit.scatter() * 100)
                : String.format(Locale.ROOT, "x/÷%.2f", Math.exp(fit.scatter()));
        String line = String.format(Locale.ROOT, "a line through %d valid steps from %,d to %,d %s: %s, a %.0f s"
                        + " reading scattering %s about it", fit.points(), fit.fromUsers(), fit.toUsers(), unit, rise,
                fit.windowMs() / 1000.0, scatter);
        return fit.crossed()
                ? String.format(Locale.ROOT, "%s reaches its limit at %,.0f %s (95%%: %,.0f-%,.0f; another search's"
                        + " line: %,.0f-%,.0f), %s", fit.limit(), fit.users(), unit, fit.low(), fit.high(),
                        fit.nextLow(), fit.nextHigh(), line)
                : fit.limit() + ": " + fit.note();
    }

    /** Every load run within the interval (at least the answer's neighbours): passed k of m runs at each. */
    private String runsNear(CapacitySummary.Search search) {
        int low = Math.min(search.low(), search.usersSustained());
        int high = Math.max(search.high(), search.usersSustained());
        List<Integer> loads = search.steps().stream().map(CapacitySummary.StepRow::users).distinct().sorted().toList();
        List<Integer> near = new java.util.ArrayList<>(loads.stream().filter(u -> u >= low && u <= high).toList());
        loads.stream().filter(u -> u < low).max(Integer::compare).ifPresent(u -> near.addFirst(u));
        loads.stream().filter(u -> u > high).min(Integer::compare).ifPresent(near::add);
        return near.stream().map(users -> {
            List<CapacitySummary.StepRow> runs = search.steps().stream().filter(r -> r.users() == users).toList();
            long passed = runs.stream().filter(r -> r.verdict().equals("PASS")).count();
            return String.format(Locale.ROOT, "%,d %s passed %d of %d runs", users, unit, passed, runs.size());
        }).collect(Collectors.joining("; "));
    }

    public void line(String format, Object... args) {
        out.println(String.format(Locale.ROOT, format, args).stripTrailing());
    }
}
