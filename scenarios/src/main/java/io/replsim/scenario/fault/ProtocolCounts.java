package io.replsim.scenario.fault;

import io.replsim.node.admin.NetworkFaults;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a network fault's JGroups protocols did, by their own counts, read through each node's admin API while they
 * are still in: the messages a DELAY held, a lossy link or a partition's DISCARD dropped; for a partition also each
 * side's view, which shows whether the sides told each other apart.
 */
final class ProtocolCounts {
    private final ClusterRuntime runtime;

    ProtocolCounts(ClusterRuntime runtime) {
        this.runtime = runtime;
    }

    FaultEvidence delayed(String node) throws InterruptedException {
        return counted(node, "DELAY", "held", NetworkFaults.State::delayedMessages);
    }

    FaultEvidence losing(String node) throws InterruptedException {
        return counted(node, "lossy link", "dropped", NetworkFaults.State::lostMessages);
    }

    /** Confirmed when a member of every side still running dropped messages from the other sides. */
    FaultEvidence partitioned(List<List<String>> sides) throws InterruptedException {
        Set<String> live = new HashSet<>(runtime.liveNodes().stream().map(NodeHandle::name).toList());
        List<String> seen = new ArrayList<>();
        boolean everySide = true;
        for (List<String> side : sides) {
            long dropped = 0;
            boolean running = false;
            for (String node : side.stream().filter(live::contains).toList()) {
                running = true;
                try {
                    long count = runtime.admin(node).faults().discardedMessages();
                    dropped += count;
                    seen.add(node + "'s DISCARD dropped " + count + " messages, view "
                            + runtime.admin(node).stats().view().members());
                } catch (IOException e) {
                    seen.add(node + " not read: " + e.getMessage());
                }
            }
            everySide &= !running || dropped > 0;
        }
        if (seen.isEmpty()) {
            return FaultEvidence.unconfirmed("no node of the partition runs to read its DISCARD from");
        }
        return new FaultEvidence(everySide, String.join("; ", seen));
    }

    private interface Count {
        long of(NetworkFaults.State state);
    }

    private FaultEvidence counted(String node, String protocol, String did, Count count)
            throws InterruptedException {
        try {
            long messages = count.of(runtime.admin(node).faults());
            return new FaultEvidence(messages > 0, node + "'s " + protocol + " " + did + " " + messages + " messages");
        } catch (IOException e) {
            return FaultEvidence.unconfirmed(node + "'s " + protocol + " count not read: " + e.getMessage());
        }
    }
}
