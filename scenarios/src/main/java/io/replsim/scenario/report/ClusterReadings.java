package io.replsim.scenario.report;

import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.runtime.CpuBudgetEnforcement;
import java.util.List;
import java.util.Map;

/**
 * What a run read from the cluster's nodes, as it read it: how long the cluster took to start and whether the kernel
 * held each node to its CPU budget, every node's last stats answer ({@code nodes}, in the runtime's order, only those
 * that ever answered), and each node's view history, CPU readings (those of its latest process) and counter
 * readings, oldest first. {@code cpuBudget} and {@code nodes} are null when not measured (a cluster replsim does not
 * run); the maps are empty then. The report works every figure out of these.
 */
public record ClusterReadings(long startMs, CpuBudgetEnforcement cpuBudget, List<NodeReading> nodes,
                              Map<String, List<NodeStatsReport.PastView>> viewHistories,
                              Map<String, List<CpuSample>> cpu, Map<String, List<NodeSample>> counters) {

    /** A cluster replsim does not run: nothing read from its nodes. */
    public static final ClusterReadings NOT_MEASURED = new ClusterReadings(0, null, null, Map.of(), Map.of(),
            Map.of());

    public ClusterReadings {
        nodes = nodes == null ? null : List.copyOf(nodes);
    }

    /** Whether the nodes were read at all. */
    public boolean measured() {
        return nodes != null;
    }

    /** A node's CPU over {@code [fromEpochMs, toEpochMs]}, labelled {@code windowLabel} when measured over it. */
    public NodeCpuFigure cpuOver(NodeReading node, long fromEpochMs, long toEpochMs, String windowLabel) {
        return NodeCpuFigure.over(cpu.getOrDefault(node.name(), List.of()), node.last().cpu(), fromEpochMs, toEpochMs,
                windowLabel);
    }
}
