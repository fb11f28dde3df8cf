package io.replsim.scenario.report;

import io.replsim.scenario.report.chart.ChartAxis;
import io.replsim.scenario.report.chart.LegendEntry;
import io.replsim.scenario.report.chart.Palette;
import io.replsim.scenario.report.chart.Plot;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Each node's CPU against its budget between the runner's readings, a line per node, with the ceiling no node may
 * pass so that the survivors can take over a failed node's load.
 */
final class NodeCpuChart {
    static final String CEILING = "#b00";

    private NodeCpuChart() {
    }

    /** Says so instead when no node's CPU was read (a cluster replsim does not run, or an older run directory). */
    static String html(TimeFrame frame, Map<String, List<CpuInterval>> nodes, double ceiling) {
        if (nodes.values().stream().allMatch(List::isEmpty)) {
            return "<p>No node's CPU readings are in this run directory: the nodes were not read (a cluster replsim"
                    + " does not run), or the run was written before replsim recorded them.</p>\n";
        }
        double top = Math.max(100, nodes.values().stream().flatMap(List::stream)
                .mapToDouble(interval -> interval.utilization() * 100).max().orElse(100));
        List<LegendEntry> legend = new ArrayList<>();
        int index = 0;
        for (String node : nodes.keySet()) {
            legend.add(new LegendEntry(Palette.colour(index++), LegendEntry.Mark.LINE, node));
        }
        String label = String.format(Locale.ROOT, "%.0f%% ceiling", ceiling * 100);
        legend.add(new LegendEntry(CEILING, LegendEntry.Mark.DASHED, label));
        Plot plot = frame.plot("node-cpu", 220, new ChartAxis.Linear(top, "% of budget"), legend);
        plot.limit(ceiling * 100, CEILING, label);
        index = 0;
        for (var node : nodes.entrySet()) {
            String colour = Palette.colour(index++);
            String title = node.getKey() + " CPU, % of its budget";
            for (List<Plot.Point> stretch : stretches(frame, node.getValue())) {
                if (stretch.size() == 1) {
                    plot.dot(stretch.getFirst().x(), stretch.getFirst().y(), "cpu", colour, false, title);
                } else {
                    plot.line(colour, "", stretch, title);
                }
            }
        }
        return plot.close();
    }

    /**
     * A node's intervals as stretches of back-to-back readings: a restart (whose pair of readings measures nothing)
     * or readings missed while the node was down leave a gap, not a line across the time the node was not there.
     */
    static List<List<Plot.Point>> stretches(TimeFrame frame, List<CpuInterval> intervals) {
        List<List<Plot.Point>> stretches = new ArrayList<>();
        List<Plot.Point> stretch = new ArrayList<>();
        CpuInterval previous = null;
        for (CpuInterval interval : intervals) {
            if (!frame.holds((interval.fromMs() + interval.toMs()) / 2)) {
                continue;
            }
            if (previous != null && interval.fromMs() != previous.toMs() && !stretch.isEmpty()) {
                stretches.add(stretch);
                stretch = new ArrayList<>();
            }
            stretch.add(new Plot.Point((interval.fromMs() + interval.toMs()) / 2000.0, interval.utilization() * 100));
            previous = interval;
        }
        if (!stretch.isEmpty()) {
            stretches.add(stretch);
        }
        return stretches;
    }
}
