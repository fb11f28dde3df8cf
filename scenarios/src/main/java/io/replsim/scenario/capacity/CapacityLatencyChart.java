package io.replsim.scenario.capacity;

import io.replsim.scenario.report.chart.ChartAxis;
import io.replsim.scenario.report.chart.LegendEntry;
import io.replsim.scenario.report.chart.Plot;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A search's steps against their response-time statistic: a green dot for each step that passed, a red cross for
 * each that failed (its title says why), the warm-up rounds as grey rings apart from them, the limit dashed, and the
 * answer with its interval shaded.
 */
final class CapacityLatencyChart {
    static final String PASSED = "#070";
    static final String FAILED = "#b00";
    static final String WARM_UP = "#999";
    static final String ANSWER = "#3a3";
    static final String LIMIT = "#06c";

    private CapacityLatencyChart() {
    }

    static String svg(CapacitySummary.Search search, CapacitySummary.Limits limits, String unit) {
        double smallest = limits == null ? Double.MAX_VALUE : limits.latencyMs();
        double largest = limits == null ? 1 : limits.latencyMs() * 1.2;
        for (CapacitySummary.StepRow step : search.steps()) {
            smallest = Math.min(smallest, latency(step, limits));
            largest = Math.max(largest, latency(step, limits) * 1.1);
        }
        for (WarmUp.Round round : search.warmUp().rounds()) {
            smallest = Math.min(smallest, round.p90Ms());
            largest = Math.max(largest, round.p90Ms() * 1.1);
        }
        String statistic = limits == null ? "p90" : limits.statistic().label();
        List<LegendEntry> legend = new ArrayList<>(List.of(
                new LegendEntry(PASSED, LegendEntry.Mark.DOT, "step passed"),
                new LegendEntry(FAILED, LegendEntry.Mark.CROSS, "step failed"),
                new LegendEntry(WARM_UP, LegendEntry.Mark.RING, "warm-up round (its p90)")));
        String limit = limits == null ? "" : String.format(Locale.ROOT, "%s limit %.0f ms", statistic,
                limits.latencyMs());
        if (limits != null) {
            legend.add(new LegendEntry(LIMIT, LegendEntry.Mark.DASHED, limit));
        }
        legend.add(new LegendEntry(ANSWER, LegendEntry.Mark.BOX, "answer and its interval"));
        Plot plot = CapacityAxis.plot("capacity-latency", search, unit,
                ChartAxis.Logarithmic.over(Math.min(smallest, largest / 10), largest, "ms"), legend);
        if (limits != null) {
            plot.limit(limits.latencyMs(), LIMIT, limit);
        }
        for (WarmUp.Round round : search.warmUp().rounds()) {
            plot.dot(round.users(), round.p90Ms(), "warmup", WARM_UP, true, String.format(Locale.ROOT,
                    "warm-up round %d, %d %s: p90 %.1f ms%s (not a step)", round.round(), round.users(), unit,
                    round.p90Ms(), round.overloaded() ? ", more than the nodes carried" : ""));
        }
        for (CapacitySummary.StepRow step : CapacityAxis.failedLast(search)) {
            String title = String.format(Locale.ROOT, "step %d (%s), %d %s: %s %.1f ms: %s: %s", step.step(),
                    step.phase(), step.users(), unit, statistic, latency(step, limits), step.verdict(),
                    StepWhy.of(step, limits));
            if (step.broken().isEmpty()) {
                plot.dot(step.users(), latency(step, limits), "step PASS", PASSED, false, title);
            } else {
                plot.cross(step.users(), latency(step, limits), "step FAIL", FAILED, title);
            }
        }
        return plot.close();
    }

    private static double latency(CapacitySummary.StepRow step, CapacitySummary.Limits limits) {
        return limits == null ? step.p90Ms() : limits.latencyOf(step);
    }
}
