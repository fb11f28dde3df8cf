package io.replsim.scenario.capacity;

import io.replsim.scenario.report.chart.ChartAxis;
import io.replsim.scenario.report.chart.LegendEntry;
import io.replsim.scenario.report.chart.Palette;
import io.replsim.scenario.report.chart.Plot;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A search's steps against each node's CPU over the step's window, a colour per node: a dot per step that passed,
 * a cross per step that failed, the warm-up rounds as rings apart from them; the CPU limit dashed and the answer's
 * interval shaded.
 */
final class CapacityCpuChart {
    static final String LIMIT = "#b00";

    private CapacityCpuChart() {
    }

    /** Says so instead when no node's CPU was read (a cluster replsim does not run). */
    static String html(CapacitySummary.Search search, CapacitySummary.Limits limits, String unit) {
        Set<String> nodes = new LinkedHashSet<>();
        search.steps().forEach(step -> step.nodeCpu().forEach(node -> nodes.add(node.node())));
        if (nodes.isEmpty()) {
            return "<p>No node's CPU was read in this search (a cluster replsim does not run): no step was held to"
                    + " the CPU limit.</p>\n";
        }
        List<String> names = List.copyOf(nodes);
        double top = 100;
        for (CapacitySummary.StepRow step : search.steps()) {
            for (NodeCpu node : step.nodeCpu()) {
                top = Math.max(top, node.utilization() * 110);
            }
        }
        List<LegendEntry> legend = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            legend.add(new LegendEntry(Palette.colour(i), LegendEntry.Mark.DOT, names.get(i)));
        }
        legend.add(new LegendEntry(CapacityLatencyChart.WARM_UP, LegendEntry.Mark.CROSS, "step failed"));
        legend.add(new LegendEntry(CapacityLatencyChart.WARM_UP, LegendEntry.Mark.RING, "warm-up round"));
        String limit = limits == null ? "" : String.format(Locale.ROOT, "%.0f%% CPU limit", limits.cpu() * 100);
        if (limits != null) {
            legend.add(new LegendEntry(LIMIT, LegendEntry.Mark.DASHED, limit));
        }
        Plot plot = CapacityAxis.plot("capacity-cpu", search, unit, new ChartAxis.Linear(top, "% of budget"),
                legend);
        if (limits != null) {
            plot.limit(limits.cpu() * 100, LIMIT, limit);
        }
        for (WarmUp.Round round : search.warmUp().rounds()) {
            for (NodeCpu node : round.nodeCpu()) {
                plot.dot(round.users(), node.utilization() * 100, "warmup", colour(names, node), true,
                        String.format(Locale.ROOT, "warm-up round %d, %d %s: %s %.0f%% (not a step)", round.round(),
                                round.users(), unit, node.node(), node.utilization() * 100));
            }
        }
        for (CapacitySummary.StepRow step : CapacityAxis.failedLast(search)) {
            for (NodeCpu node : step.nodeCpu()) {
                String title = String.format(Locale.ROOT, "step %d, %d %s: %s %.0f%% of %.2f cores: %s: %s",
                        step.step(), step.users(), unit, node.node(), node.utilization() * 100, node.budgetCores(),
                        step.verdict(), StepWhy.of(step, limits));
                if (step.broken().isEmpty()) {
                    plot.dot(step.users(), node.utilization() * 100, "step PASS", colour(names, node), false, title);
                } else {
                    plot.cross(step.users(), node.utilization() * 100, "step FAIL", colour(names, node), title);
                }
            }
        }
        return plot.close();
    }

    private static String colour(List<String> names, NodeCpu node) {
        return Palette.colour(Math.max(0, names.indexOf(node.node())));
    }
}
