package io.replsim.replication.engine;

import io.replsim.replication.BuddyPools;
import io.replsim.replication.NodeId;
import io.replsim.replication.OrphanPolicy;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.session.ActiveSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code orphans: adopt} against the default {@code on-request}: when an owner leaves, its sessions are owned by a
 * survivor (and backed up again) at the view change, before any request for them; by default they wait.
 */
class OrphanAdoptionTest {
    private static final Duration DEADLINE = Duration.ofSeconds(10);
    private static final ReplicationSpec BUDDY = ReplicationSpec.builder()
            .placement(new Placement.Buddies(1, BuddyPools.none())).build();

    private LoopbackCluster cluster;

    @AfterEach
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void underBuddiesTheDeadOwnersBuddyOwnsItsSessionsAndBacksThemUpBeforeAnyRequest() throws Exception {
        cluster = LoopbackCluster.start(3, BUDDY.toBuilder().orphans(OrphanPolicy.ADOPT).build());
        List<SessionId> orphans = create(cluster.node(1), 5);
        assertThat(cluster.node(2).store().counts().backup()).isEqualTo(5);

        cluster.stop(1);

        await().atMost(DEADLINE).untilAsserted(() -> {
            assertThat(cluster.node(2).store().counts().owned()).isEqualTo(5);
            for (SessionId id : orphans) {
                // node2's buddy is node3: the backup count is one again
                assertThat(cluster.node(3).store().peek(id)).get().extracting(SessionSnapshot::owner)
                        .isEqualTo(new NodeId("node2"));
            }
        });
        assertThat(cluster.node(2).stats().gravitations()).isZero();
        assertThat(served(cluster.node(2), orphans.getFirst())).isEqualTo(1);
    }

    @Test
    void underFullReplicationTheSurvivorsShareTheOrphansOneOwnerEach() throws Exception {
        cluster = LoopbackCluster.start(3, ReplicationSpec.builder().orphans(OrphanPolicy.ADOPT).build());
        List<SessionId> orphans = create(cluster.node(1), 12);

        cluster.stop(1);

        await().atMost(DEADLINE).untilAsserted(() -> {
            for (SessionId id : orphans) {
                List<NodeId> owners = new ArrayList<>();
                for (JGroupsEngine node : cluster.running()) {
                    SessionSnapshot copy = node.store().peek(id)
                            .orElseThrow(() -> new AssertionError(node.self() + " holds no copy of " + id));
                    owners.add(copy.owner());
                }
                assertThat(owners).as("both copies name one surviving owner").hasSize(2).doesNotContain(
                        new NodeId("node1")).containsOnly(owners.getFirst());
            }
        });
        assertThat(cluster.node(2).store().counts().owned()).as("12 orphans spread by their hash").isBetween(1, 11);
        assertThat(cluster.node(2).store().counts().owned() + cluster.node(3).store().counts().owned())
                .isEqualTo(12);
    }

    @Test
    void byDefaultOrphansWaitForTheirNextRequest() throws Exception {
        cluster = LoopbackCluster.start(3, ReplicationSpec.fullSync());
        List<SessionId> orphans = create(cluster.node(1), 4);
        SessionId own = create(cluster.node(2), 1).getFirst();

        cluster.stop(1);
        // A later view that node2's rebalancer handles after node1's departure (one thread, views in order): once
        // node4 holds node2's own session, node2 has dealt with the departure too.
        JGroupsEngine joiner = cluster.join();
        await().atMost(DEADLINE).until(() -> joiner.store().peek(own).isPresent());

        assertThat(cluster.node(2).store().counts().owned()).isEqualTo(1);
        assertThat(cluster.node(3).store().counts().owned()).isZero();
        assertThat(orphans).allSatisfy(id -> assertThat(cluster.node(2).store().peek(id)).get()
                .extracting(SessionSnapshot::owner).isEqualTo(new NodeId("node1")));
        assertThat(served(cluster.node(2), orphans.getFirst())).isEqualTo(1);
        assertThat(cluster.node(2).store().counts().owned()).isEqualTo(2);
    }

    private static List<SessionId> create(JGroupsEngine node, int count) throws ReplicationException {
        List<SessionId> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            try (ActiveSession active = node.store().create()) {
                active.session().setAttribute("serial", 1);
                node.store().update(active);
                ids.add(active.session().id());
            }
        }
        return ids;
    }

    /** One request on the node: the serial it found. */
    private static int served(JGroupsEngine node, SessionId id) throws ReplicationException {
        try (ActiveSession active = node.store().find(id).orElseThrow()) {
            int serial = (Integer) active.session().getAttribute("serial").orElseThrow();
            active.session().setAttribute("serial", serial + 1);
            node.store().update(active);
            return serial;
        }
    }
}
