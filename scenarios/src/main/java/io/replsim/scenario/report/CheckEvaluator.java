package io.replsim.scenario.report;

import io.replsim.loadgen.check.UsersServed;
import io.replsim.scenario.spec.Check;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/** Holds a run's figures against the checks its scenario states. */
public final class CheckEvaluator {

    private CheckEvaluator() {
    }

    /**
     * {@code latencyMicros}: the whole run's response times of every answer, errors included, which the latency
     * checks judge (a user waits for a 503 as for a 200); {@code servedMicros}: the successful answers' alone, for
     * whether there was any: with none, a latency check fails, since a run of fast errors would read a low
     * percentile of nothing anyone was served.
     */
    public static List<CheckOutcome> evaluate(List<Check> checks, RunSummary.Verdicts sessions, Histogram latencyMicros,
                                              Histogram servedMicros, List<FaultReport> faults) {
        return evaluate(checks, sessions, latencyMicros, servedMicros, faults, null);
    }

    /** As above, with what the consistency checker found in the run's history (null: the run recorded none). */
    public static List<CheckOutcome> evaluate(List<Check> checks, RunSummary.Verdicts sessions, Histogram latencyMicros,
                                              Histogram servedMicros, List<FaultReport> faults,
                                              AnomalyCounts anomalies) {
        return checks.stream()
                .map(check -> evaluate(check, sessions, latencyMicros, servedMicros, faults, anomalies)).toList();
    }

    /**
     * Every limited kind within its limit; the measured value names each limited kind's count. A run with no history
     * counted nothing, so the check fails rather than pass on zero of nothing.
     */
    private static CheckOutcome anomalies(Check.MaxAnomalies check, AnomalyCounts anomalies) {
        String limit = check.limits().entrySet().stream()
                .map(entry -> entry.getKey().key() + " ≤ " + entry.getValue())
                .collect(Collectors.joining(", "));
        if (anomalies == null) {
            return new CheckOutcome("anomalies", limit, "not measured: the run recorded no history", false);
        }
        String measured = check.limits().keySet().stream()
                .map(kind -> anomalies.of(kind) + " " + kind.label())
                .collect(Collectors.joining(", "))
                + (anomalies.notJudged() == 0 ? "" : " (" + anomalies.notJudged() + " requests not judged)");
        boolean held = check.limits().entrySet().stream()
                .allMatch(entry -> anomalies.of(entry.getKey()) <= entry.getValue());
        return new CheckOutcome("anomalies", limit, measured, held);
    }

    /** A per-fault check held against one fault alone, for the fault's own expectations. */
    public static CheckOutcome evaluateFor(Check check, FaultReport fault) {
        return evaluate(check, null, null, null, List.of(fault), null);
    }

    /**
     * The invariant that every user started lands in exactly one class, served or never served, as a failed
     * outcome when it does not hold (a user the verdicts lost track of); empty when it holds.
     */
    public static Optional<CheckOutcome> usersAccountedFor(UsersServed users) {
        if (users.accountedFor()) {
            return Optional.empty();
        }
        return Optional.of(new CheckOutcome("users in a verdict", "served + never served = started",
                users.served() + " served + " + users.neverServed() + " never served, " + users.started()
                        + " started", false));
    }

    /**
     * The sessions {@link RunSummary.Verdicts#COUNTED_AS_LOST} together, each kind named when there is more than
     * LOST (NEVER SERVED only when there was any).
     */
    private static String lostMeasured(RunSummary.Verdicts sessions) {
        long total = sessions.countedAsLost();
        if (total == sessions.lost()) {
            return Long.toString(total);
        }
        return total + ": " + RunSummary.Verdicts.COUNTED_AS_LOST.stream()
                .filter(figure -> figure != RunSummary.Verdicts.NEVER_SERVED || figure.valueOf(sessions) != 0)
                .map(figure -> named(figure, sessions))
                .collect(Collectors.joining(", "));
    }

    /** A verdict's count and label, e.g. {@code 3 LOST}. */
    private static String named(CountFigure<RunSummary.Verdicts> figure, RunSummary.Verdicts sessions) {
        return figure.valueOf(sessions) + " " + figure.label();
    }

    /**
     * A session check over a run that judged no session holds nothing: it fails, saying why, rather than pass on
     * zero of nothing.
     */
    private static Optional<CheckOutcome> noSessionJudged(String name, String limit, RunSummary.Verdicts sessions) {
        if (sessions == null) {
            return Optional.of(new CheckOutcome(name, limit, "no session judged: the users' tabs overlap", false));
        }
        if (sessions.total() > 0) {
            return Optional.empty();
        }
        return Optional.of(new CheckOutcome(name, limit, "no session judged" + (sessions.neverServed() == 0 ? ""
                : ", " + named(RunSummary.Verdicts.NEVER_SERVED, sessions)), false));
    }

    private static CheckOutcome evaluate(Check check, RunSummary.Verdicts sessions, Histogram latencyMicros,
                                         Histogram servedMicros, List<FaultReport> faults, AnomalyCounts anomalies) {
        return switch (check) {
            case Check.MaxSessionsLost lost -> noSessionJudged("sessions lost", "≤ " + lost.max(), sessions)
                    .orElseGet(() -> new CheckOutcome("sessions lost", "≤ " + lost.max(), lostMeasured(sessions),
                            sessions.countedAsLost() <= lost.max()));
            case Check.MaxSessionsStale stale -> noSessionJudged("sessions stale", "≤ " + stale.max(), sessions)
                    .orElseGet(() -> new CheckOutcome("sessions stale", "≤ " + stale.max(),
                            Long.toString(sessions.stale()), sessions.stale() <= stale.max()));
            case Check.LatencyBelow latency -> {
                String name = latency.percentile() >= 100 ? "max response time"
                        : "p" + formatPercentile(latency.percentile()) + " response time";
                String limit = "≤ " + millis(latency.bound().toNanos() / 1e6);
                if (servedMicros.getTotalCount() == 0) {
                    yield new CheckOutcome(name, limit, "no successful answer: " + latencyMicros.getTotalCount()
                            + " answers, every one an error", false);
                }
                double micros = latency.percentile() >= 100 ? latencyMicros.getMaxValue()
                        : latencyMicros.getValueAtPercentile(latency.percentile());
                yield new CheckOutcome(name, limit, millis(micros / 1000.0),
                        micros <= latency.bound().toNanos() / 1000.0);
            }
            // A restart of a node already gone has no view to leave: nothing to detect.
            case Check.MaxViewChange view -> perFault("time to new view", view.max(), faults.stream()
                            .filter(fault -> !(fault.type().equals("restart") && fault.viewChangeMs() == null)).toList(),
                    FaultReport::viewChangeMs, "a survivor never installed a view without the node");
            // A fault that hit no user's node has nothing to fail over: 0 ms, not a missing figure.
            case Check.MaxFailover failover -> perFault("failover time", failover.max(), faults,
                    fault -> fault.affectedUsers() == 0 ? Long.valueOf(0) : fault.failoverMs(),
                    "an affected user was never served again");
            case Check.MaxErrorsPerFault errors -> worstOf("errors in a fault's window", "≤ " + errors.max(), faults,
                    fault -> fault.impact() == null ? null : (double) fault.impact().errors(),
                    value -> Long.toString(value.longValue()), value -> value <= errors.max());
            case Check.MaxP90Recovery recovery -> faults.stream()
                    .filter(fault -> fault.impact() != null && fault.impact().p90NeverBackUnderBound()).findFirst()
                    .map(never -> new CheckOutcome("p90 back under its bound", "≤ " + millis(recovery.max().toMillis()),
                            "never: still above it at the end of the fault's window (" + never.type() + " "
                                    + never.node() + ")", false))
                    .orElseGet(() -> perFault("p90 back under its bound", recovery.max(), faults,
                            fault -> fault.impact() == null ? null : fault.impact().p90BackUnderBoundAfterMs(),
                            "no response times in the window"));
            case Check.MaxMergeAfterHeal merge -> perFault("back in the view after the heal", merge.max(),
                    faults.stream().filter(fault -> fault.healedAtMs() != null).toList(),
                    fault -> fault.backInViewMs() == null ? null
                            : Math.max(0, fault.backInViewMs() - (fault.healedAtMs() - fault.atMs())),
                    "the node never came back into a survivor's view");
            case Check.MaxSurvivorCpu cpu -> worstOf("survivor CPU after failover",
                    "≤ " + percent(cpu.max()), faults, CheckEvaluator::busiestSurvivor,
                    CheckEvaluator::percent, value -> value <= cpu.max());
            case Check.MaxAnomalies limits -> anomalies(limits, anomalies);
        };
    }

    private static CheckOutcome perFault(String name, Duration max, List<FaultReport> faults,
                                         Function<FaultReport, Long> figure, String missing) {
        if (faults.isEmpty()) {
            return new CheckOutcome(name, "≤ " + millis(max.toMillis()), "no fault happened", false);
        }
        long worst = 0;
        FaultReport worstFault = faults.getFirst();
        for (FaultReport fault : faults) {
            if (!fault.confirmed()) {
                return new CheckOutcome(name, "≤ " + millis(max.toMillis()), "not measured: " + fault.type() + " "
                        + fault.node() + " was not confirmed", false);
            }
            Long value = figure.apply(fault);
            if (value == null) {
                return new CheckOutcome(name, "≤ " + millis(max.toMillis()),
                        missing + " (" + fault.type() + " " + fault.node() + ")", false);
            }
            if (value >= worst) {
                worst = value;
                worstFault = fault;
            }
        }
        return new CheckOutcome(name, "≤ " + millis(max.toMillis()), millis(worst) + named(worstFault, faults),
                worst <= max.toMillis());
    }

    /** The worst of a figure over the faults; a fault without the figure is skipped, none at all fails. */
    private static CheckOutcome worstOf(String name, String limit, List<FaultReport> faults,
                                        Function<FaultReport, Double> figure, Function<Double, String> format,
                                        java.util.function.Predicate<Double> holds) {
        Double worst = null;
        FaultReport worstFault = null;
        for (FaultReport fault : faults) {
            Double value = figure.apply(fault);
            if (value != null && (worst == null || value >= worst)) {
                worst = value;
                worstFault = fault;
            }
        }
        if (worst == null) {
            return new CheckOutcome(name, limit, faults.isEmpty() ? "no fault happened" : "not measured", false);
        }
        return new CheckOutcome(name, limit, format.apply(worst) + named(worstFault, faults), holds.test(worst));
    }

    /** Which fault a per-fault figure came from, when there were several. */
    private static String named(FaultReport fault, List<FaultReport> faults) {
        return faults.size() == 1 ? "" : ", " + fault.type() + " " + fault.node() + " at " + millis(fault.atMs());
    }

    private static Double busiestSurvivor(FaultReport fault) {
        return fault.impact() == null ? null : fault.impact().survivorCpu().stream()
                .map(cpu -> cpu.utilizationAfter()).filter(java.util.Objects::nonNull)
                .max(Double::compare).orElse(null);
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    static String millis(double ms) {
        return ms >= 1000 ? String.format(Locale.ROOT, "%.2f s", ms / 1000) : String.format(Locale.ROOT, "%.1f ms", ms);
    }

    private static String formatPercentile(double percentile) {
        return percentile == Math.rint(percentile) ? Long.toString((long) percentile) : Double.toString(percentile);
    }

}
