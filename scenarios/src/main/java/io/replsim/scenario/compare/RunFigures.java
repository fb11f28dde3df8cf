package io.replsim.scenario.compare;

import io.replsim.scenario.report.NodeFigure;
import io.replsim.scenario.report.NodeFigures;
import io.replsim.scenario.report.RunSummary;

/**
 * What a comparison reads from one run: the cluster's node CPU (the mean of its nodes' CPU over the steady window,
 * in cores), the mean replication time (over every message the nodes sent; 0 without replication), the steady
 * window's p50 and p90 response times and its request rate; {@code compilerShare}: the greatest share of a node's CPU
 * over the steady window that its JIT compiler took (null: not measured), which says whether that CPU was a steady
 * state's; {@code drill}: its drill figures when its scenario carried faults (null: no fault).
 */
public record RunFigures(String verdict, double nodeCpuCores, double replicationMeanMicros, double p50Ms,
                         double p90Ms, double requestsPerSec, Double compilerShare, DrillFigures drill) {

    /** A run without faults. */
    public RunFigures(String verdict, double nodeCpuCores, double replicationMeanMicros, double p50Ms, double p90Ms,
                      double requestsPerSec, Double compilerShare) {
        this(verdict, nodeCpuCores, replicationMeanMicros, p50Ms, p90Ms, requestsPerSec, compilerShare, null);
    }

    /** A run without faults whose JIT share was not measured. */
    public RunFigures(String verdict, double nodeCpuCores, double replicationMeanMicros, double p50Ms, double p90Ms,
                      double requestsPerSec) {
        this(verdict, nodeCpuCores, replicationMeanMicros, p50Ms, p90Ms, requestsPerSec, null);
    }

    public static RunFigures of(RunSummary summary) {
        var nodes = summary.nodes().stream().filter(NodeFigures::alive).toList();
        double cpu = nodes.stream().mapToDouble(node -> node.get(NodeFigure.CPU_USED_CORES)).average().orElse(0);
        long messages = nodes.stream().mapToLong(node -> node.get(NodeFigure.REPLICATION_MESSAGES_SENT)).sum();
        double replication = messages == 0 ? 0 : nodes.stream()
                .mapToDouble(node -> node.get(NodeFigure.REPLICATION_MEAN_MICROS)
                        * node.get(NodeFigure.REPLICATION_MESSAGES_SENT)).sum() / messages;
        Double compiler = nodes.stream().map(node -> node.get(NodeFigure.CPU_COMPILER_SHARE))
                .filter(java.util.Objects::nonNull).max(Double::compare).orElse(null);
        return new RunFigures(summary.verdict(), cpu, replication, summary.latencyMs().p50(),
                summary.latencyMs().p90(), summary.throughputPerSec(), compiler,
                DrillFigures.of(summary).orElse(null));
    }
}
