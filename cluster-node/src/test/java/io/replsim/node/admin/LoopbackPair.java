package io.replsim.node.admin;

import static org.awaitility.Awaitility.await;

import io.replsim.node.ClusterNode;
import io.replsim.node.app.SessionProfile;
import io.replsim.node.options.NodeOptions;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.LoopbackStackSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * node1 and node2 in this JVM over SHARED_LOOPBACK (no failure detection, so a cut-off member stays in the view),
 * one cluster of their own, behind one admin token: the admin fault tests' cluster, started once both are in one view.
 */
final class LoopbackPair implements AutoCloseable {
    private final List<ClusterNode> nodes;

    private LoopbackPair(List<ClusterNode> nodes) {
        this.nodes = nodes;
    }

    static LoopbackPair start(String token, ReplicationSpec replication) throws Exception {
        String cluster = "fault-test-" + UUID.randomUUID();
        List<ClusterNode> nodes = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            var options = NodeOptions.onLoopback(new NodeId("node" + i), cluster, 256, SessionProfile.DEFAULT,
                    replication);
            nodes.add(ClusterNode.start(options, new AdminToken(token), new LoopbackStackSpec(), () -> { }));
        }
        LoopbackPair pair = new LoopbackPair(List.copyOf(nodes));
        await().atMost(Duration.ofSeconds(10))
                .until(() -> nodes.stream().allMatch(node -> node.replication().view().members().size() == 2));
        return pair;
    }

    /** node1 or node2. */
    ClusterNode node(int number) {
        return nodes.get(number - 1);
    }

    @Override
    public void close() {
        nodes.reversed().forEach(ClusterNode::close);
    }
}
