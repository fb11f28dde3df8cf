package io.replsim.scenario.report;

import io.replsim.node.stats.NodeStatsReport;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JGroups views one node reported, oldest first, each from its installation (ms after the start of the load;
 * before 0 for the views the cluster formed in), and when the runner last read the node: a view holds until the
 * node's next one, or its last reading.
 */
public record NodeViews(List<View> views, long lastReadMs) {

    public NodeViews {
        views = List.copyOf(views);
    }

    /** One view as the node installed it: its id and members. */
    public record View(long atMs, String id, List<String> members) {
        public View {
            members = List.copyOf(members);
        }
    }

    /** Every node's views from its history, and its last reading from {@code readings}. */
    static Map<String, NodeViews> of(Map<String, List<NodeStatsReport.PastView>> histories,
                                     Map<String, List<NodeSample>> readings, long loadStartEpochMs) {
        Map<String, NodeViews> views = new TreeMap<>();
        histories.forEach((node, history) -> {
            long lastRead = readings.getOrDefault(node, List.of()).stream().mapToLong(NodeSample::atEpochMs).max()
                    .orElse(history.isEmpty() ? loadStartEpochMs : history.getLast().installedAtEpochMs());
            views.put(node, new NodeViews(history.stream()
                    .map(view -> new View(view.installedAtEpochMs() - loadStartEpochMs, view.id(), view.members()))
                    .toList(), lastRead - loadStartEpochMs));
        });
        return views;
    }
}
