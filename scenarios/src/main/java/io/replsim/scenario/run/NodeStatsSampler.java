package io.replsim.scenario.run;

import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.node.stats.NodeStatsReport;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads every live node's stats and keeps the first and the latest answer of each, so a node's average CPU over
 * the load can be worked out even after a fault ended it.
 */
final class NodeStatsSampler {
    private final ClusterRuntime runtime;
    private final Map<String, NodeStatsReport> first = new ConcurrentHashMap<>();
    private final Map<String, NodeStatsReport> latest = new ConcurrentHashMap<>();

    NodeStatsSampler(ClusterRuntime runtime) {
        this.runtime = runtime;
    }

    /** Samples every live node; a node that does not answer keeps its previous sample. */
    void sample() throws InterruptedException {
        for (NodeHandle node : runtime.liveNodes()) {
            try {
                NodeStatsReport stats = runtime.admin(node.name()).stats();
                first.putIfAbsent(node.name(), stats);
                latest.put(node.name(), stats);
            } catch (IOException e) {
                // a node being killed right now, or too busy to answer in time: the next sample will tell
            }
        }
    }

    Optional<NodeStatsReport> latest(String node) {
        return Optional.ofNullable(latest.get(node));
    }

    /** The view the first live node answering reports, for the progress line. */
    Optional<List<String>> currentView(List<NodeHandle> live) {
        return live.stream().map(n -> latest.get(n.name())).filter(s -> s != null && s.view() != null)
                .findFirst().map(s -> s.view().members());
    }

    /** Cores used on average between the first and the latest sample. */
    double meanCpuCores(String node) {
        NodeStatsReport a = first.get(node);
        NodeStatsReport b = latest.get(node);
        if (a == null || b == null || b.atEpochMs() <= a.atEpochMs()) {
            return b == null ? 0 : b.cpu().usedCores();
        }
        return (b.cpu().processCpuMs() - a.cpu().processCpuMs()) / (double) (b.atEpochMs() - a.atEpochMs());
    }
}
