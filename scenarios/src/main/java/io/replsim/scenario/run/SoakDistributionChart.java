package io.replsim.scenario.run;

import io.replsim.scenario.report.chart.ChartAxis;
import io.replsim.scenario.report.chart.LegendEntry;
import io.replsim.scenario.report.chart.Plot;
import io.replsim.scenario.report.chart.RoundValues;
import io.replsim.scenario.report.chart.Staircase;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The time to the new view and the failover of every fault of every drill as two distributions: for each time since
 * the fault, the share of all faults whose figure had come by then. A line that ends below 100% has faults that
 * never got it (no new view, a user never served again).
 */
final class SoakDistributionChart {

    private SoakDistributionChart() {
    }

    static String svg(SoakRunner.SoakSummary soak) {
        List<Long> views = values(soak, SoakRunner.Drill::viewChangeMs);
        List<Long> failovers = values(soak, SoakRunner.Drill::failoverMs);
        if (views.isEmpty() && failovers.isEmpty()) {
            return "<p>No fault of any drill measured a new view or a failover.</p>\n";
        }
        long longest = java.util.stream.Stream.concat(views.stream(), failovers.stream()).filter(Objects::nonNull)
                .mapToLong(Long::longValue).max().orElse(0);
        double right = Math.max(10, longest * 1.05);
        Plot plot = new Plot("soak-distribution", 240, 0, right, new ChartAxis.Linear(100, "% of faults"));
        plot.frame(RoundValues.upTo(right, 10).stream()
                        .map(ms -> new ChartAxis.Label(ms, RoundValues.text(ms) + " ms")).toList())
                .legend(List.of(new LegendEntry(SoakRunsChart.VIEW, LegendEntry.Mark.LINE, label("new view", views)),
                        new LegendEntry(SoakRunsChart.FAILOVER, LegendEntry.Mark.LINE, label("failover", failovers))));
        line(plot, views, SoakRunsChart.VIEW, "share of faults with a new view, by time since the fault");
        line(plot, failovers, SoakRunsChart.FAILOVER, "share of faults with their last affected user served again,"
                + " by time since the fault");
        return plot.close();
    }

    private static void line(Plot plot, List<Long> values, String colour, String title) {
        if (!values.isEmpty()) {
            plot.line(colour, "", Staircase.of(values.stream().filter(Objects::nonNull).sorted().toList(),
                    values.size()), title);
        }
    }

    private static String label(String name, List<Long> values) {
        long never = values.stream().filter(Objects::isNull).count();
        return String.format(Locale.ROOT, "%s: %d faults%s", name, values.size(), never == 0 ? ""
                : ", " + never + " never");
    }

    private static List<Long> values(SoakRunner.SoakSummary soak,
                                     java.util.function.Function<SoakRunner.Drill, List<Long>> figure) {
        return soak.drills().stream().flatMap(drill -> figure.apply(drill).stream()).toList();
    }
}
