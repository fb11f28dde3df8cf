package io.replsim.scenario.report;

import io.replsim.node.stats.NodeStatsReport;
import java.util.List;
import java.util.Map;

/**
 * What a run read from the cluster's nodes. {@code figures} and {@code nodes} are null when not measured (a cluster
 * replsim does not run); the maps are empty then (each node's view history, CPU readings and counter readings,
 * oldest first).
 */
public record ClusterReadings(RunSummary.Cluster figures, List<RunSummary.NodeFigures> nodes,
                              Map<String, List<NodeStatsReport.PastView>> viewHistories,
                              Map<String, List<CpuSample>> cpu, Map<String, List<NodeSample>> counters) {

    /** A cluster replsim does not run: nothing read from its nodes. */
    public static final ClusterReadings NOT_MEASURED = new ClusterReadings(null, null, Map.of(), Map.of(), Map.of());
}
