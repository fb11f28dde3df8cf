package io.replsim.scenario.report;

import io.replsim.scenario.report.chart.ChartAxis;
import io.replsim.scenario.report.chart.LegendEntry;
import io.replsim.scenario.report.chart.Plot;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The cluster's views over time, a lane per node: each view the node installed, from then until its next one or
 * the runner's last reading of it, named by its members and coloured by how many of the cluster's nodes it held.
 */
final class ViewChart {
    static final String WHOLE = "#9c9";
    static final String SHORT = "#fc9";
    static final String ALONE = "#f99";

    private ViewChart() {
    }

    /** Says so instead when no view was read. */
    static String html(TimeFrame frame, Map<String, NodeViews> nodes, int clusterNodes) {
        if (nodes.values().stream().allMatch(views -> views.views().isEmpty())) {
            return "<p>No node's views are in this run directory: the nodes were not read (a cluster replsim does not"
                    + " run), or the run was written before replsim recorded them.</p>\n";
        }
        ChartAxis.Lanes lanes = new ChartAxis.Lanes(List.copyOf(nodes.keySet()));
        Plot plot = frame.plot("views", 40 + 28 * nodes.size() + 30, lanes, List.of(
                new LegendEntry(WHOLE, LegendEntry.Mark.BOX, "all " + clusterNodes + " nodes"),
                new LegendEntry(SHORT, LegendEntry.Mark.BOX, "fewer"),
                new LegendEntry(ALONE, LegendEntry.Mark.BOX, "the node alone")));
        double end = frame.durationMs() / 1000.0;
        nodes.forEach((node, history) -> {
            List<NodeViews.View> views = history.views();
            for (int i = 0; i < views.size(); i++) {
                NodeViews.View view = views.get(i);
                double from = Math.max(0, view.atMs() / 1000.0);
                double to = Math.min(end, (i + 1 < views.size() ? views.get(i + 1).atMs() : history.lastReadMs())
                        / 1000.0);
                if (to <= from) {
                    continue;
                }
                double floor = lanes.floorOf(node);
                plot.box(from, to, floor + 0.15, floor + 0.85, "view", fill(view.members().size(), clusterNodes),
                        String.join(" ", view.members()), String.format(Locale.ROOT, "%s: view %s %s from %.1f s",
                                node, view.id(), view.members(), view.atMs() / 1000.0));
            }
        });
        return plot.close();
    }

    private static String fill(int members, int clusterNodes) {
        return members >= clusterNodes ? WHOLE : members <= 1 ? ALONE : SHORT;
    }
}
