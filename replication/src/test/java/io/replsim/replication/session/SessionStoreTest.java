package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.message.SessionVersion;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SessionStoreTest {
    private static final NodeId SELF = new NodeId("node1");
    private static final NodeId OTHER = new NodeId("node2");

    private final RecordingReplicator replicator = new RecordingReplicator();
    private final List<SessionSnapshot> replicated = replicator.replicated;
    private final SessionStore store = new SessionStore(SELF, replicator, Clock.systemUTC(), Duration.ofMillis(200));

    @Test
    void aChangedSessionIsReplicatedWithANewVersion() throws Exception {
        try (ActiveSession active = store.create()) {
            active.session().setAttribute("serial", 1);
            store.update(active);
        }

        assertThat(replicated).singleElement().satisfies(snapshot -> {
            assertThat(snapshot.version()).isEqualTo(1);
            assertThat(snapshot.owner()).isEqualTo(SELF);
            assertThat(snapshot.attributes()).containsEntry("serial", 1);
        });
    }

    @Test
    void anUnchangedSessionIsNotReplicated() throws Exception {
        var id = createWithSerial(1);
        replicated.clear();

        try (ActiveSession active = store.find(id.id()).orElseThrow()) {
            store.update(active);
        }

        assertThat(replicated).isEmpty();
        assertThat(store.peek(id.id()).orElseThrow().version()).isEqualTo(1);
    }

    @Test
    void aReplicaFoundHereMakesThisNodeTheOwnerAndIsReplicatedEvenUnchanged() throws Exception {
        store.applyBackup(new SessionSnapshot(new io.replsim.replication.SessionId("s1"), 4, OTHER, 1, 2,
                Map.of("serial", 4)));
        assertThat(store.counts()).isEqualTo(new SessionCounts(0, 1));

        try (ActiveSession active = store.find(new io.replsim.replication.SessionId("s1")).orElseThrow()) {
            assertThat(active.tookOwnership()).isTrue();
            store.update(active);
        }

        assertThat(replicated).singleElement().satisfies(snapshot -> {
            assertThat(snapshot.version()).isEqualTo(5);
            assertThat(snapshot.owner()).isEqualTo(SELF);
        });
        assertThat(store.counts()).isEqualTo(new SessionCounts(1, 0));
    }

    @Test
    void aReplicaTakenOverAndChangedLeavesTheSnapshotItWasAppliedFromAsItCame() throws Exception {
        var id = new io.replsim.replication.SessionId("s1");
        var applied = new SessionSnapshot(id, 4, OTHER, 1, 2, Map.of("serial", 4, "cart", "book"));
        store.applyBackup(applied);

        try (ActiveSession active = store.find(id).orElseThrow()) {
            active.session().setAttribute("serial", 5);
            active.session().removeAttribute("cart");
            active.session().removeAttribute("absent");
            store.update(active);
        }

        assertThat(applied.attributes()).isEqualTo(Map.of("serial", 4, "cart", "book"));
        assertThat(store.peek(id).orElseThrow().attributes()).isEqualTo(Map.of("serial", 5));
        assertThat(replicated).singleElement()
                .satisfies(snapshot -> assertThat(snapshot.attributes()).isEqualTo(Map.of("serial", 5)));
    }

    @Test
    void aDeltaAppliedOnAReplicaChangesTheReplicaNotTheSnapshotBeforeIt() {
        var id = new io.replsim.replication.SessionId("s1");
        var applied = new SessionSnapshot(id, 4, OTHER, 1, 2, Map.of("serial", 4, "cart", "book"));
        store.applyBackup(applied);

        assertThat(store.applyDelta(new AttributeDelta(id, 5, OTHER, 3, Map.of("serial", 5), java.util.Set.of("cart"))))
                .isEqualTo(BackupOutcome.APPLIED);

        assertThat(applied.attributes()).isEqualTo(Map.of("serial", 4, "cart", "book"));
        assertThat(store.peek(id).orElseThrow().attributes()).isEqualTo(Map.of("serial", 5));
    }

    @Test
    void aStaleReplicaIsIgnoredAndANewerOneApplied() {
        var id = new io.replsim.replication.SessionId("s1");
        assertThat(store.applyBackup(new SessionSnapshot(id, 3, OTHER, 1, 2, Map.of("serial", 3))))
                .isEqualTo(BackupOutcome.APPLIED);

        assertThat(store.applyBackup(new SessionSnapshot(id, 2, OTHER, 1, 2, Map.of("serial", 2))))
                .isEqualTo(BackupOutcome.STALE);
        assertThat(store.peek(id).orElseThrow().attributes()).containsEntry("serial", 3);

        assertThat(store.applyBackup(new SessionSnapshot(id, 4, OTHER, 1, 2, Map.of("serial", 4))))
                .isEqualTo(BackupOutcome.APPLIED);
        assertThat(store.peek(id).orElseThrow().attributes()).containsEntry("serial", 4);
    }

    @Test
    void aFailedReplicationThrowsAndLeavesTheNewVersionOnTheOwner() {
        var failing = new SessionStore(SELF, new SessionReplicator() {
            @Override
            public void replicate(Session session) throws ReplicationException {
                throw new ReplicationException("no ack from [node2] within 10 ms");
            }

            @Override
            public void invalidate(Session session) {
                throw new AssertionError("not ended in this test");
            }
        }, Clock.systemUTC(), Duration.ofMillis(200));

        ActiveSession active = failing.create();
        active.session().setAttribute("serial", 1);
        assertThatThrownBy(() -> failing.update(active)).isInstanceOf(ReplicationException.class)
                .hasMessageContaining("no ack from [node2]");
        active.close();

        assertThat(failing.peek(active.session().id()).orElseThrow().version()).isEqualTo(1);
    }

    @Test
    void aReplicaArrivingWhileARequestHoldsTheSessionWaitsThenReportsBusy() throws Exception {
        var id = createWithSerial(1).id();
        var held = new CountDownLatch(1);
        var release = new CountDownLatch(1);
        try (var executor = Executors.newSingleThreadExecutor()) {
            executor.submit(() -> {
                try (ActiveSession active = store.find(id).orElseThrow()) {
                    held.countDown();
                    release.await(5, TimeUnit.SECONDS);
                }
                return null;
            });
            assertThat(held.await(5, TimeUnit.SECONDS)).isTrue();

            var outcome = store.applyBackup(new SessionSnapshot(id, 9, OTHER, 1, 2, Map.of("serial", 9)));
            release.countDown();

            assertThat(outcome).isEqualTo(BackupOutcome.BUSY);
        }
        assertThat(store.peek(id).orElseThrow().version()).isEqualTo(1);
    }

    @Test
    void aSessionHeldNowhereHereIsGravitatedAndItsWholeSessionReplicatedWithThisNodeAsOwner() throws Exception {
        var id = new io.replsim.replication.SessionId("far");
        var remote = new SessionSnapshot(id, 6, OTHER, 1, 2, Map.of("serial", 6));
        var gravitating = new SessionStore(SELF, replicator,
                wanted -> wanted.equals(id) ? java.util.Optional.of(remote) : java.util.Optional.empty(),
                SessionTracking.DEFAULT, Clock.systemUTC(), Duration.ofMillis(200));

        try (ActiveSession active = gravitating.find(id).orElseThrow()) {
            assertThat(active.gravitated()).isTrue();
            assertThat(active.tookOwnership()).isTrue();
            gravitating.update(active);
        }

        assertThat(replicated).singleElement().satisfies(snapshot -> {
            assertThat(snapshot.version()).isEqualTo(7);
            assertThat(snapshot.owner()).isEqualTo(SELF);
            assertThat(snapshot.attributes()).containsEntry("serial", 6);
        });
        assertThat(gravitating.gravitations()).isEqualTo(1);
        assertThat(gravitating.find(new io.replsim.replication.SessionId("other"))).isEmpty();
    }

    @Test
    void aRemovalDropsACopyUpToItsVersionAndKeepsANewerOne() {
        var id = new io.replsim.replication.SessionId("s1");
        store.applyBackup(new SessionSnapshot(id, 3, OTHER, 1, 2, Map.of("serial", 3)));

        assertThat(store.removeCopy(new io.replsim.replication.message.SessionVersion(id, 2))).isFalse();
        assertThat(store.peek(id)).isPresent();

        assertThat(store.removeCopy(new io.replsim.replication.message.SessionVersion(id, 3))).isTrue();
        assertThat(store.peek(id)).isEmpty();
        assertThat(store.find(id)).isEmpty();
    }

    @Test
    void aDeltaAppliesOnlyOntoTheVersionItWasMadeFrom() {
        var id = new io.replsim.replication.SessionId("s1");
        store.applyBackup(new SessionSnapshot(id, 3, OTHER, 1, 2, Map.of("a", 1, "b", 2)));

        assertThat(store.applyDelta(delta(id, 5, Map.of("a", 9), java.util.Set.of()))).isEqualTo(BackupOutcome.GAP);
        assertThat(store.applyDelta(delta(id, 3, Map.of("a", 9), java.util.Set.of()))).isEqualTo(BackupOutcome.STALE);
        assertThat(store.applyDelta(delta(id, 4, Map.of("a", 9), java.util.Set.of("b"))))
                .isEqualTo(BackupOutcome.APPLIED);
        assertThat(store.peek(id).orElseThrow().attributes()).containsExactly(Map.entry("a", 9));
        assertThat(store.peek(id).orElseThrow().version()).isEqualTo(4);
        assertThat(store.applyDelta(delta(new io.replsim.replication.SessionId("none"), 2, Map.of(), java.util.Set.of())))
                .isEqualTo(BackupOutcome.GAP);
    }

    private static io.replsim.replication.message.AttributeDelta delta(io.replsim.replication.SessionId id, long version,
            Map<String, java.io.Serializable> changed, java.util.Set<String> removed) {
        return new io.replsim.replication.message.AttributeDelta(id, version, OTHER, 3, changed, removed);
    }

    @Test
    void updatesOfOneSessionFromManyThreadsAreSerial() throws Exception {
        var id = createWithSerial(0).id();
        int threads = 8;
        int incrementsEach = 200;
        try (var executor = Executors.newFixedThreadPool(threads)) {
            for (int t = 0; t < threads; t++) {
                executor.submit(() -> {
                    for (int i = 0; i < incrementsEach; i++) {
                        try (ActiveSession active = store.find(id).orElseThrow()) {
                            int serial = (Integer) active.session().getAttribute("serial").orElseThrow();
                            active.session().setAttribute("serial", serial + 1);
                            store.update(active);
                        }
                    }
                    return null;
                });
            }
        }

        assertThat(store.peek(id).orElseThrow().attributes()).containsEntry("serial", threads * incrementsEach);
    }

    private SessionSnapshot createWithSerial(int serial) throws ReplicationException {
        try (ActiveSession active = store.create()) {
            active.session().setAttribute("serial", serial);
            store.update(active);
            return active.session().snapshot();
        }
    }

    @Test
    void anEndedSessionIsDroppedHereAndItsEndAnnouncedAtTheVersionItsCopiesHold() throws Exception {
        SessionId id;
        try (ActiveSession active = store.create()) {
            id = active.session().id();
            active.session().setAttribute("serial", 1);
            store.update(active);
        }
        try (ActiveSession active = store.find(id).orElseThrow()) {
            active.session().setAttribute("serial", 2);
            store.invalidate(active);
        }

        assertThat(store.peek(id)).isEmpty();
        assertThat(replicator.ended).containsExactly(new SessionVersion(id, 1));
        assertThat(store.invalidations()).isEqualTo(1);
    }

    @Test
    void aSessionEndedBeforeItsFirstReplicationHasNoCopiesToAnnounce() throws Exception {
        try (ActiveSession active = store.create()) {
            store.invalidate(active);
        }

        assertThat(replicator.ended).isEmpty();
        assertThat(store.counts()).isEqualTo(new SessionCounts(0, 0));
    }

    @Test
    void aReplicaSentBeforeTheEndButArrivingAfterItDoesNotBringTheCopyBack() {
        var id = new SessionId("ended");
        store.applyBackup(new SessionSnapshot(id, 3, OTHER, 1, 2, Map.of("serial", 3)));

        store.endCopy(new SessionVersion(id, 4));

        assertThat(store.peek(id)).isEmpty();
        assertThat(store.applyBackup(new SessionSnapshot(id, 4, OTHER, 1, 2, Map.of("serial", 4))))
                .isEqualTo(BackupOutcome.STALE);
        assertThat(store.applyDelta(new AttributeDelta(id, 4, OTHER, 2, Map.of("serial", 4), java.util.Set.of())))
                .isEqualTo(BackupOutcome.STALE);
        assertThat(store.peek(id)).isEmpty();
    }

    @Test
    void aCopyNewerThanTheEndIsKept() {
        var id = new SessionId("rewritten");
        store.applyBackup(new SessionSnapshot(id, 5, OTHER, 1, 2, Map.of("serial", 5)));

        store.endCopy(new SessionVersion(id, 4));

        assertThat(store.peek(id)).hasValueSatisfying(copy -> assertThat(copy.version()).isEqualTo(5));
    }
}
