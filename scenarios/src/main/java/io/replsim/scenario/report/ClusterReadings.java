package io.replsim.scenario.report;

import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.runtime.CpuBudgetEnforcement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What a run read from the cluster's nodes, as it read it: how long the cluster took to start and whether the kernel
 * held each node to its CPU budget, every node's last stats answer ({@code nodes}, in the runtime's order, only those
 * that ever answered), and each node's view history, CPU readings and counter readings, oldest first, every process
 * of a restarted node included. {@code cpuBudget} and {@code nodes} are null when not measured (a cluster replsim
 * does not run); the maps are empty then. The report works every figure out of these.
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

    /**
     * The nodes with views on record whose last process was no longer running when the run ended (killed, stopped,
     * crashed); none when the nodes were not read.
     */
    public Set<String> endedEarly() {
        if (nodes == null) {
            return Set.of();
        }
        Set<String> running = nodes.stream().filter(NodeReading::alive).map(NodeReading::name)
                .collect(Collectors.toSet());
        return viewHistories.keySet().stream().filter(node -> !running.contains(node))
                .collect(Collectors.toUnmodifiableSet());
    }

    /** A node's CPU over {@code [fromEpochMs, toEpochMs]}, labelled {@code windowLabel} when measured over it. */
    public NodeCpuFigure cpuOver(NodeReading node, long fromEpochMs, long toEpochMs, String windowLabel) {
        return NodeCpuFigure.over(latestProcess(cpu.getOrDefault(node.name(), List.of())), node.last().cpu(),
                fromEpochMs, toEpochMs, windowLabel);
    }

    /**
     * Each node's CPU readings of its latest process alone: the figures measured between a first and a last reading
     * (a node's CPU over a window, a survivor's after a fault) take them, since a restarted node's readings across
     * its restart do not subtract.
     */
    public Map<String, List<CpuSample>> latestProcessCpu() {
        Map<String, List<CpuSample>> latest = new TreeMap<>();
        cpu.forEach((node, samples) -> latest.put(node, latestProcess(samples)));
        return latest;
    }

    /** The readings since the last change of process ({@link CpuSample#sameProcessAs}): only those subtract. */
    static List<CpuSample> latestProcess(List<CpuSample> samples) {
        int from = 0;
        for (int i = 1; i < samples.size(); i++) {
            if (!samples.get(i - 1).sameProcessAs(samples.get(i))) {
                from = i;
            }
        }
        return List.copyOf(samples.subList(from, samples.size()));
    }
}
