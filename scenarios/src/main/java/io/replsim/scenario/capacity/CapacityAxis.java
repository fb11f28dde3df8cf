package io.replsim.scenario.capacity;

import io.replsim.scenario.report.chart.ChartAxis;
import io.replsim.scenario.report.chart.LegendEntry;
import io.replsim.scenario.report.chart.Plot;
import io.replsim.scenario.report.chart.RoundValues;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What a search's charts share: the load along the bottom, from 0 past the most users (or arrivals a second) any
 * step, round or interval reached, and the answer with its interval shaded under what is drawn after.
 */
final class CapacityAxis {

    private CapacityAxis() {
    }

    /** The answer's interval in words: a fitted line's 95% interval, the steps' bracket, or none below the cap. */
    static String interval(CapacitySummary.Search search, String unit) {
        if (search.binding().isEmpty()) {
            return String.format(Locale.ROOT, "no load failed up to %d %s, the search's cap", search.high(), unit);
        }
        return "fit".equals(search.method())
                ? String.format(Locale.ROOT, "95%% interval %d to %d %s, where a line fitted to the steps reaches the"
                        + " limit", search.low(), search.high(), unit)
                : String.format(Locale.ROOT, "from the steps' verdicts: every run passed at %d %s, %d %s failed",
                        search.low(), unit, search.high(), unit);
    }

    /** The steps with every failed one after the passed ones, so that a cross is never hidden under a dot. */
    static List<CapacitySummary.StepRow> failedLast(CapacitySummary.Search search) {
        return search.steps().stream().sorted(Comparator.comparing(step -> !step.broken().isEmpty())).toList();
    }

    static Plot plot(String name, CapacitySummary.Search search, String unit, ChartAxis axis,
                     List<LegendEntry> legend) {
        double most = Math.max(search.high(), Math.max(
                search.steps().stream().mapToInt(CapacitySummary.StepRow::users).max().orElse(1),
                search.warmUp().rounds().stream().mapToInt(WarmUp.Round::users).max().orElse(1)));
        double right = Math.max(2, most * 1.1);
        Plot plot = new Plot(name, 240, 0, right, axis);
        if (search.usersSustained() > 0) {
            plot.shade(search.low(), Math.max(search.high(), search.low() + right / 400), "answer",
                    CapacityLatencyChart.ANSWER, interval(search, unit));
            plot.mark(search.usersSustained(), CapacityLatencyChart.ANSWER, "",
                    String.format(Locale.ROOT, "answer %d", search.usersSustained()),
                    String.format(Locale.ROOT, "%d %s sustained", search.usersSustained(), unit));
        }
        List<Double> ticks = RoundValues.upTo(right, 10);
        return plot.frame(ticks.stream().map(users -> new ChartAxis.Label(users, RoundValues.text(users)
                + (users.equals(ticks.getLast()) ? " " + unit : ""))).toList()).legend(legend);
    }
}
