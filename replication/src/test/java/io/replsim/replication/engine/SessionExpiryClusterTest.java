package io.replsim.replication.engine;

import io.replsim.replication.BuddyPools;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.SessionLifecycle;
import io.replsim.replication.session.ActiveSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An idle session expires on its owner, by the owner's own sweep, and every member that held a copy drops it: the
 * memory of a session nobody uses any more is given back everywhere, under both placements.
 */
class SessionExpiryClusterTest {
    private static final Duration INTERVAL = Duration.ofSeconds(1);

    @ParameterizedTest(name = "placement {0}")
    @ValueSource(strings = {"all", "buddies"})
    void anIdleSessionLeavesEveryMemberThatHeldIt(String placement) throws Exception {
        Placement chosen = placement.equals("all") ? new Placement.AllMembers()
                : new Placement.Buddies(1, BuddyPools.none());
        ReplicationSpec spec = ReplicationSpec.builder().placement(chosen)
                .lifecycle(SessionLifecycle.expiringAfter(INTERVAL)).build();
        try (LoopbackCluster cluster = LoopbackCluster.start(3, spec)) {
            SessionId idle = create(cluster.node(1));
            int holders = (int) cluster.running().stream().filter(node -> node.holdsCopy(idle)).count();
            assertThat(holders).isEqualTo(placement.equals("all") ? 3 : 2);

            await().atMost(Duration.ofSeconds(10)).until(() ->
                    cluster.running().stream().noneMatch(node -> node.holdsCopy(idle)));
            assertThat(cluster.node(1).store().expirations()).isEqualTo(1);
            assertThat(cluster.running()).allSatisfy(node ->
                    assertThat(node.sessionCounts().owned() + node.sessionCounts().backup()).isZero());
        }
    }

    private static SessionId create(JGroupsEngine node) throws ReplicationException {
        try (ActiveSession active = node.store().create()) {
            active.session().setAttribute("serial", 1);
            node.store().update(active);
            return active.session().id();
        }
    }
}
