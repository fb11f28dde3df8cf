package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.LoopbackStackSpec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.awaitility.Awaitility.await;

/** N members over SHARED_LOOPBACK under a cluster name of their own, started coordinator first. */
public final class LoopbackCluster implements AutoCloseable {
    private final List<ReplicationNode> nodes = new ArrayList<>();

    private LoopbackCluster() {
    }

    public static LoopbackCluster start(int size, ReplicationSpec spec) throws Exception {
        var cluster = new LoopbackCluster();
        String name = "test-" + UUID.randomUUID();
        try {
            for (int i = 1; i <= size; i++) {
                cluster.nodes.add(ReplicationNode.start(new NodeId("node" + i), name, new LoopbackStackSpec(), spec));
            }
            await().atMost(Duration.ofSeconds(10)).until(() ->
                    cluster.nodes.stream().allMatch(node -> node.view().members().size() == size));
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    public ReplicationNode node(int oneBased) {
        return nodes.get(oneBased - 1);
    }

    public List<ReplicationNode> nodes() {
        return List.copyOf(nodes);
    }

    @Override
    public void close() {
        // Last joiner first, so the coordinator is not handed over on every leave.
        for (ReplicationNode node : nodes.reversed()) {
            node.close();
        }
    }
}
