package io.replsim.node.app;

import static org.awaitility.Awaitility.await;

import io.replsim.node.ClusterNode;
import io.replsim.node.admin.AdminToken;
import io.replsim.node.options.NodeOptions;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.LoopbackStackSpec;
import java.time.Duration;
import java.util.List;

/** Two nodes of one new cluster in this JVM on loopback, a small session profile, both in one view. */
final class TwoLoopbackNodes {

    private TwoLoopbackNodes() {
    }

    /** Starts node1 and node2 of {@code cluster} into {@code nodes} (so a failed start still closes the first). */
    static void start(String cluster, ReplicationSpec spec, List<ClusterNode> nodes) throws Exception {
        for (int i = 1; i <= 2; i++) {
            nodes.add(ClusterNode.start(NodeOptions.onLoopback(new NodeId("node" + i), cluster,
                    256, new SessionProfile(4, 64, AttributeShape.BYTES, 0.25, false), spec),
                    new AdminToken("t"), new LoopbackStackSpec(), () -> { }));
        }
        await().atMost(Duration.ofSeconds(10))
                .until(() -> nodes.stream().allMatch(node -> node.replication().view().members().size() == 2));
    }
}
