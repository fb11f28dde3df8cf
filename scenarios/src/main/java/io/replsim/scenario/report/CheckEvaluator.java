package io.replsim.scenario.report;

import io.replsim.scenario.spec.Check;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/** Holds a run's figures against the checks its scenario states. */
public final class CheckEvaluator {

    private CheckEvaluator() {
    }

    /** {@code latencyMicros}: the whole run's response times, for percentiles the summary does not list. */
    public static List<CheckOutcome> evaluate(List<Check> checks, RunSummary.Verdicts sessions, Histogram latencyMicros,
                                              List<FaultReport> faults) {
        return checks.stream().map(check -> evaluate(check, sessions, latencyMicros, faults)).toList();
    }

    private static CheckOutcome evaluate(Check check, RunSummary.Verdicts sessions, Histogram latencyMicros,
                                         List<FaultReport> faults) {
        return switch (check) {
            case Check.MaxSessionsLost lost -> new CheckOutcome("sessions lost", "≤ " + lost.max(),
                    Long.toString(sessions.lost()), sessions.lost() <= lost.max());
            case Check.MaxSessionsStale stale -> new CheckOutcome("sessions stale", "≤ " + stale.max(),
                    Long.toString(sessions.stale()), sessions.stale() <= stale.max());
            case Check.LatencyBelow latency -> {
                double micros = latency.percentile() >= 100 ? latencyMicros.getMaxValue()
                        : latencyMicros.getValueAtPercentile(latency.percentile());
                String name = latency.percentile() >= 100 ? "max response time"
                        : "p" + formatPercentile(latency.percentile()) + " response time";
                yield new CheckOutcome(name, "≤ " + millis(latency.bound().toNanos() / 1e6),
                        millis(micros / 1000.0), micros <= latency.bound().toNanos() / 1000.0);
            }
            case Check.MaxViewChange view -> perFault("time to new view", view.max(), faults, FaultReport::viewChangeMs,
                    "a survivor never installed a view without the node");
            // A fault that hit no user's node has nothing to fail over: 0 ms, not a missing figure.
            case Check.MaxFailover failover -> perFault("failover time", failover.max(), faults,
                    fault -> fault.affectedUsers() == 0 ? Long.valueOf(0) : fault.failoverMs(),
                    "an affected user was never served again");
        };
    }

    private static CheckOutcome perFault(String name, Duration max, List<FaultReport> faults,
                                         Function<FaultReport, Long> figure, String missing) {
        if (faults.isEmpty()) {
            return new CheckOutcome(name, "≤ " + millis(max.toMillis()), "no fault happened", false);
        }
        long worst = 0;
        for (FaultReport fault : faults) {
            Long value = figure.apply(fault);
            if (value == null) {
                return new CheckOutcome(name, "≤ " + millis(max.toMillis()),
                        missing + " (" + fault.type() + " " + fault.node() + ")", false);
            }
            worst = Math.max(worst, value);
        }
        return new CheckOutcome(name, "≤ " + millis(max.toMillis()), millis(worst), worst <= max.toMillis());
    }

    static String millis(double ms) {
        return ms >= 1000 ? String.format(Locale.ROOT, "%.2f s", ms / 1000) : String.format(Locale.ROOT, "%.1f ms", ms);
    }

    private static String formatPercentile(double percentile) {
        return percentile == Math.rint(percentile) ? Long.toString((long) percentile) : Double.toString(percentile);
    }

}
