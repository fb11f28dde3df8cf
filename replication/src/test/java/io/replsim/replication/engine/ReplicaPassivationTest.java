package io.replsim.replication.engine;

import io.replsim.replication.GranularityKind;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.SessionLifecycle;
import io.replsim.replication.session.ActiveSession;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code maxActiveSessions} bounds what a member holds in memory, replicas included (JBoss counts backup copies toward
 * the session total): a backup holding more copies than the limit passivates the least recently used to its file
 * store, activates one when a delta needs it as its base, and after its owner is gone takes every session over from
 * disk with nothing lost.
 */
class ReplicaPassivationTest {
    private static final int LIMIT = 2;
    private static final int SESSIONS = 6;

    @Test
    void aBackupOverTheLimitPassivatesReplicasAndAFailoverStillLosesNothing() throws Exception {
        ReplicationSpec spec = ReplicationSpec.builder().syncTimeout(Duration.ofSeconds(5))
                .lifecycle(new SessionLifecycle(Optional.empty()).withMaxActiveSessions(LIMIT)).build();
        try (LoopbackCluster cluster = LoopbackCluster.start(2, spec)) {
            JGroupsEngine owner = cluster.node(1);
            JGroupsEngine backup = cluster.node(2);
            List<SessionId> ids = new ArrayList<>();
            for (int i = 0; i < SESSIONS; i++) {
                ids.add(create(owner, i));
            }

            // The backup owns nothing: every session it passivated is a replica.
            assertThat(backup.sessionCounts().owned()).isZero();
            assertThat(backup.sessionCounts().backup()).isLessThanOrEqualTo(LIMIT);
            assertThat(backup.store().passivatedNow()).isEqualTo(SESSIONS - backup.sessionCounts().backup());
            assertThat(backup.store().passivations()).isGreaterThanOrEqualTo(SESSIONS - LIMIT);

            cluster.stop(1);
            for (int i = 0; i < SESSIONS; i++) {
                try (ActiveSession active = backup.store().find(ids.get(i)).orElseThrow(
                        () -> new AssertionError("a session lost after the failover"))) {
                    assertThat(active.session().getAttribute("serial")).contains(i);
                    assertThat(active.tookOwnership()).isTrue();
                    backup.store().update(active);
                }
            }
            assertThat(backup.store().activations()).isGreaterThanOrEqualTo(SESSIONS - LIMIT);
        }
    }

    @Test
    void aDeltaForAPassivatedReplicaActivatesItsBase() throws Exception {
        ReplicationSpec spec = ReplicationSpec.builder().granularity(GranularityKind.ATTRIBUTE)
                .syncTimeout(Duration.ofSeconds(5))
                .lifecycle(new SessionLifecycle(Optional.empty()).withMaxActiveSessions(LIMIT)).build();
        try (LoopbackCluster cluster = LoopbackCluster.start(2, spec)) {
            JGroupsEngine owner = cluster.node(1);
            JGroupsEngine backup = cluster.node(2);
            SessionId first = create(owner, 0);
            for (int i = 1; i < SESSIONS; i++) {
                create(owner, i);
            }
            // The least recently used replicas went to disk on the backup, the first one made among them.
            assertThat(backup.store().passivatedNow()).isGreaterThanOrEqualTo(SESSIONS - LIMIT);
            long activationsBefore = backup.store().activations();

            try (ActiveSession active = owner.store().find(first).orElseThrow()) {
                active.session().setAttribute("serial", 100);
                owner.store().update(active);
            }

            assertThat(backup.store().activations()).isEqualTo(activationsBefore + 1);
            assertThat(backup.store().peek(first).orElseThrow().attributes()).containsEntry("serial", 100)
                    .containsEntry("name", "s0");
            assertThat(backup.sessionCounts().owned() + backup.sessionCounts().backup()).isLessThanOrEqualTo(LIMIT);
        }
    }

    private static SessionId create(JGroupsEngine node, int serial) throws ReplicationException {
        try (ActiveSession active = node.store().create()) {
            active.session().setAttribute("serial", serial);
            active.session().setAttribute("name", "s" + serial);
            node.store().update(active);
            return active.session().id();
        }
    }
}
