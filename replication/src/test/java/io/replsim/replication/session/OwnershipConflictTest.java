package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.SessionId;
import io.replsim.replication.delivery.OutrankedException;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.SessionSnapshot;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two owners of one session end with one, by {@link CopyRank}: the higher version wins, and at the same version the
 * owner whose name sorts first. node1 sorts before node2.
 */
class OwnershipConflictTest {
    private static final NodeId NODE1 = new NodeId("node1");
    private static final NodeId NODE2 = new NodeId("node2");
    private static final NodeId NODE3 = new NodeId("node3");

    @Test
    void anOwnedCopyRefusesAnotherOwnersOlderOrTieLosingCopy() throws Exception {
        SessionStore store = store(NODE1);
        SessionId id = ownedAtVersion(store, 2, "mine");

        assertThat(store.applyBackup(snapshot(id, 1, NODE2, "older"))).isEqualTo(BackupOutcome.OWNED_HERE);
        assertThat(store.applyBackup(snapshot(id, 2, NODE2, "tie"))).isEqualTo(BackupOutcome.OWNED_HERE);
        assertThat(store.applyDelta(new AttributeDelta(id, 2, NODE2, 3, Map.of("side", "tie"), Set.of())))
                .isEqualTo(BackupOutcome.OWNED_HERE);

        assertThat(store.peek(id).orElseThrow().attributes()).containsEntry("side", "mine");
        assertThat(store.peek(id).orElseThrow().owner()).isEqualTo(NODE1);
        assertThat(store.ownershipConflicts()).isZero();
    }

    @Test
    void aTieWonByTheOtherOwnerReplacesTheOwnedCopyAndCountsAConflict() throws Exception {
        SessionStore store = store(NODE2);
        SessionId id = ownedAtVersion(store, 2, "mine");

        assertThat(store.applyBackup(snapshot(id, 2, NODE1, "theirs"))).isEqualTo(BackupOutcome.APPLIED);

        assertThat(store.peek(id).orElseThrow().attributes()).containsEntry("side", "theirs");
        assertThat(store.peek(id).orElseThrow().owner()).isEqualTo(NODE1);
        assertThat(store.ownershipConflicts()).isEqualTo(1);
    }

    @Test
    void aHigherVersionFromAnotherOwnerIsATakeoverNotAConflict() throws Exception {
        SessionStore store = store(NODE1);
        SessionId id = ownedAtVersion(store, 2, "mine");

        assertThat(store.applyBackup(snapshot(id, 3, NODE2, "taken over"))).isEqualTo(BackupOutcome.APPLIED);

        assertThat(store.peek(id).orElseThrow().owner()).isEqualTo(NODE2);
        assertThat(store.ownershipConflicts()).isZero();
    }

    @Test
    void acrossAnUnsettledMergeAnOtherSidesVersionNotFollowingOursIsAConflictLost() throws Exception {
        SessionStore store = store(NODE1);
        SessionId wroteWhileSplit = ownedAtVersion(store, 4, "mine");
        SessionId untouched = ownedAtVersion(store, 2, "mine");
        SessionId takenOnThisSide = ownedAtVersion(store, 2, "mine");
        Set<NodeId> otherSide = Set.of(NODE2);
        store.mergeStarted(otherSide);

        // node2 wrote its own versions while split: v6 does not follow our v4
        assertThat(store.applyBackup(snapshot(wroteWhileSplit, 6, NODE2, "theirs"))).isEqualTo(BackupOutcome.APPLIED);
        // node2's first write on the copy it had from us: v3 follows our v2
        assertThat(store.applyBackup(snapshot(untouched, 3, NODE2, "theirs"))).isEqualTo(BackupOutcome.APPLIED);
        // node3 was on this side: an ordinary takeover
        assertThat(store.applyBackup(snapshot(takenOnThisSide, 5, NODE3, "theirs"))).isEqualTo(BackupOutcome.APPLIED);

        assertThat(store.peek(wroteWhileSplit).orElseThrow().owner()).isEqualTo(NODE2);
        assertThat(store.ownershipConflicts()).isEqualTo(1);
    }

    @Test
    void onceTheMergeIsSettledAHigherVersionFromAnotherOwnerIsATakeoverAgain() throws Exception {
        SessionStore store = store(NODE1);
        SessionId id = ownedAtVersion(store, 4, "mine");
        Set<NodeId> otherSide = Set.of(NODE2);
        store.mergeStarted(otherSide);
        store.mergeSettled(otherSide);

        assertThat(store.applyBackup(snapshot(id, 6, NODE2, "theirs"))).isEqualTo(BackupOutcome.APPLIED);

        assertThat(store.ownershipConflicts()).isZero();
    }

    @Test
    void aReplicaHereTakesTheTieWinnerWithoutCountingAConflict() {
        SessionStore store = store(NODE3);
        SessionId id = new SessionId("s1");
        store.applyBackup(snapshot(id, 2, NODE2, "node2's"));

        assertThat(store.applyBackup(snapshot(id, 2, NODE1, "node1's"))).isEqualTo(BackupOutcome.APPLIED);
        assertThat(store.applyBackup(snapshot(id, 2, NODE2, "node2's"))).isEqualTo(BackupOutcome.STALE);

        assertThat(store.peek(id).orElseThrow().attributes()).containsEntry("side", "node1's");
        assertThat(store.ownershipConflicts()).isZero();
    }

    @Test
    void anUpdateOutrankedByAnotherOwnerTakesTheWinnersCopyAndFails() throws Exception {
        SessionId[] id = new SessionId[1];
        SessionStore store = new SessionStore(NODE2, new SessionReplicator() {
            @Override
            public void replicate(Session session) throws ReplicationException {
                if (session.version() > 1) {
                    throw new OutrankedException(NODE1, snapshot(id[0], 5, NODE1, "theirs"));
                }
            }

            @Override
            public void invalidate(Session session) {
            }
        }, Clock.systemUTC(), Duration.ofMillis(200));
        id[0] = ownedAtVersion(store, 1, "mine");

        try (ActiveSession active = store.find(id[0]).orElseThrow()) {
            active.session().setAttribute("side", "lost write");
            assertThatThrownBy(() -> store.update(active)).isInstanceOf(OutrankedException.class)
                    .hasMessageContaining("owned by node1 at v5");
        }

        assertThat(store.peek(id[0]).orElseThrow().attributes()).containsEntry("side", "theirs");
        assertThat(store.peek(id[0]).orElseThrow().owner()).isEqualTo(NODE1);
        assertThat(store.ownershipConflicts()).isEqualTo(1);
    }

    @Test
    void aMergeClaimReplacesWhatItOutranksAndGetsBackWhatOutranksIt() throws Exception {
        SessionStore store = store(NODE1);
        SessionId mine = ownedAtVersion(store, 3, "mine");
        SessionId lost = ownedAtVersion(store, 1, "mine");
        SessionId replica = new SessionId("replica");
        store.applyBackup(snapshot(replica, 1, NODE3, "old"));

        assertThat(store.settle(snapshot(mine, 2, NODE2, "theirs"))).hasValueSatisfying(winner ->
                assertThat(winner.attributes()).containsEntry("side", "mine"));
        assertThat(store.settle(snapshot(lost, 4, NODE2, "theirs"))).isEmpty();
        assertThat(store.settle(snapshot(replica, 4, NODE2, "newer"))).isEmpty();
        assertThat(store.settle(snapshot(replica, 2, NODE3, "older"))).as("a newer replica goes back too")
                .hasValueSatisfying(winner -> assertThat(winner.attributes()).containsEntry("side", "newer"));
        assertThat(store.settle(snapshot(new SessionId("not-held"), 4, NODE2, "x"))).isEmpty();

        assertThat(store.peek(lost).orElseThrow().attributes()).containsEntry("side", "theirs");
        assertThat(store.peek(replica).orElseThrow().attributes()).containsEntry("side", "newer");
        assertThat(store.peek(new SessionId("not-held"))).as("a merge copies nothing to a member without a copy")
                .isEmpty();
        assertThat(store.ownershipConflicts()).isEqualTo(1);
    }

    private static SessionStore store(NodeId self) {
        return new SessionStore(self, new RecordingReplicator(), Clock.systemUTC(), Duration.ofMillis(200));
    }

    private static SessionId ownedAtVersion(SessionStore store, int version, String side) throws Exception {
        SessionId id;
        try (ActiveSession active = store.create()) {
            active.session().setAttribute("side", side);
            store.update(active);
            id = active.session().id();
        }
        for (int v = 2; v <= version; v++) {
            try (ActiveSession active = store.find(id).orElseThrow()) {
                active.session().setAttribute("n", v);
                store.update(active);
            }
        }
        return id;
    }

    private static SessionSnapshot snapshot(SessionId id, long version, NodeId owner, String side) {
        return new SessionSnapshot(id, version, owner, 1, 2, Map.of("side", side));
    }
}
