package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.session.SessionCounts;
import io.replsim.replication.message.SessionSnapshot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Three members over SHARED_LOOPBACK replicating whole sessions synchronously to every other member. */
class ReplicationClusterTest {
    private static LoopbackCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = LoopbackCluster.start(3, ReplicationSpec.fullSync());
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void everyMemberLogsTheSameViewWithTheFirstAsCoordinator() {
        for (JGroupsEngine node : cluster.nodes()) {
            assertThat(node.view().members()).containsExactly(new NodeId("node1"), new NodeId("node2"),
                    new NodeId("node3"));
            assertThat(node.transport().views().current().orElseThrow().describe())
                    .matches("\\[node1\\|\\d+] \\(3\\) \\[node1, node2, node3]");
        }
    }

    @Test
    void aSessionWrittenThroughOneNodeIsReadThroughAnotherWhichBecomesItsOwner() throws Exception {
        JGroupsEngine first = cluster.node(1);
        JGroupsEngine second = cluster.node(2);
        JGroupsEngine third = cluster.node(3);
        SessionId id;
        try (ActiveSession active = first.store().create()) {
            active.session().setAttribute("serial", 1);
            first.store().update(active);
            id = active.session().id();
        }
        increment(first, id);   // serial 2, still owned by node1

        int seen;
        try (ActiveSession active = second.store().find(id).orElseThrow()) {
            seen = (Integer) active.session().getAttribute("serial").orElseThrow();
            assertThat(active.tookOwnership()).isTrue();
            active.session().setAttribute("serial", seen + 1);
            second.store().update(active);
        }

        assertThat(seen).isEqualTo(2);
        // A sync update returned, so every member already holds version 3 owned by node2: no waiting needed.
        for (JGroupsEngine node : List.of(first, second, third)) {
            SessionSnapshot copy = node.store().peek(id).orElseThrow();
            assertThat(copy.version()).isEqualTo(3);
            assertThat(copy.owner()).isEqualTo(new NodeId("node2"));
            assertThat(copy.attributes()).containsEntry("serial", 3);
        }
    }

    @Test
    void ownedAndBackupCountsAddUpAcrossTheCluster() throws Exception {
        List<SessionCounts> before = cluster.nodes().stream().map(node -> node.store().counts()).toList();
        int sessionsBefore = before.getFirst().total();
        for (int i = 0; i < 5; i++) {
            JGroupsEngine owner = cluster.node(1 + i % 3);
            try (ActiveSession active = owner.store().create()) {
                active.session().setAttribute("serial", 1);
                owner.store().update(active);
            }
        }

        List<SessionCounts> after = cluster.nodes().stream().map(node -> node.store().counts()).toList();
        int sessions = sessionsBefore + 5;
        assertThat(after).allSatisfy(counts -> assertThat(counts.total()).isEqualTo(sessions));
        assertThat(after.stream().mapToInt(SessionCounts::owned).sum()).isEqualTo(sessions);
        assertThat(after.stream().mapToInt(SessionCounts::backup).sum()).isEqualTo(2 * sessions);
    }

    @Test
    void trafficIsCountedPerDestinationAndReceived() throws Exception {
        JGroupsEngine sender = cluster.node(3);
        long sentBefore = sender.stats().traffic().messagesSent();
        long receivedBefore = cluster.node(1).stats().traffic().messagesReceived();

        try (ActiveSession active = sender.store().create()) {
            active.session().setAttribute("payload", new byte[4096]);
            sender.store().update(active);
        }

        assertThat(sender.stats().traffic().messagesSent() - sentBefore).isEqualTo(2);
        assertThat(cluster.node(1).stats().traffic().messagesReceived() - receivedBefore).isEqualTo(1);
        assertThat(sender.stats().traffic().bytesSent()).isGreaterThan(2 * 4096);
        assertThat(sender.stats().replicationMicrosMax()).isPositive();
    }

    private static void increment(JGroupsEngine node, SessionId id) throws ReplicationException {
        try (ActiveSession active = node.store().find(id).orElseThrow()) {
            int serial = (Integer) active.session().getAttribute("serial").orElseThrow();
            active.session().setAttribute("serial", serial + 1);
            node.store().update(active);
        }
    }
}
