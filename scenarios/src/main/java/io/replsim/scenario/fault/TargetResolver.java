package io.replsim.scenario.fault;

import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.spec.NodeSelector;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.LinkedHashMap;

/** Turns a target as written in a scenario into the node it means at the moment the fault fires. */
public final class TargetResolver {
    private final ClusterRuntime runtime;

    public TargetResolver(ClusterRuntime runtime) {
        this.runtime = runtime;
    }

    public String resolve(NodeSelector selector) throws InterruptedException {
        return switch (selector) {
            case NodeSelector.Named named -> named.node();
            case NodeSelector.PrimaryOfMost ignored -> primaryOfMostSessions();
        };
    }

    /** The live node owning the most sessions; ties go to the first in node order, so a run is repeatable. */
    private String primaryOfMostSessions() throws InterruptedException {
        List<NodeHandle> live = runtime.liveNodes();
        Map<String, Long> owned = new LinkedHashMap<>();
        for (NodeHandle node : live) {
            try {
                NodeStatsReport stats = runtime.admin(node.name()).stats();
                owned.put(node.name(), (long) stats.sessions().owned());
            } catch (IOException e) {
                owned.put(node.name(), -1L);
            }
        }
        return owned.entrySet().stream()
                .max(Comparator.<Map.Entry<String, Long>>comparingLong(Map.Entry::getValue)
                        .thenComparing(Map.Entry::getKey, Comparator.reverseOrder()))
                .map(Map.Entry::getKey)
                .orElseThrow(() -> new IllegalStateException("no live node to choose a primary from"));
    }
}
