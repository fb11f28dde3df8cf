package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.SessionId;
import io.replsim.replication.SessionLifecycle;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.message.SessionVersion;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** maxInactiveInterval on one store: the sweep, the check on access, and what the other members are told. */
class SessionExpiryTest {
    private static final NodeId SELF = new NodeId("node1");
    private static final NodeId OTHER = new NodeId("node2");
    private static final Duration INTERVAL = Duration.ofSeconds(2);
    private static final Duration MAX_UNREPLICATED = Duration.ofSeconds(1);

    private final MutableClock clock = new MutableClock();
    private final RecordingReplicator replicator = new RecordingReplicator();
    private final SessionStore store = storeExpiringAfter(Optional.of(INTERVAL));

    private SessionStore storeExpiringAfter(Optional<Duration> interval) {
        return new SessionStore(SELF, replicator, SessionLocator.NOWHERE,
                new SessionTracking(ReplicationTrigger.SET, MAX_UNREPLICATED, new SessionLifecycle(interval)), clock,
                Duration.ofMillis(200));
    }

    @Test
    void theSweepEndsAnOwnedSessionIdleLongerThanTheIntervalAndTellsTheOtherMembers() throws Exception {
        SessionId idle = createWithSerial(store);
        clock.advance(Duration.ofMillis(1500));
        SessionId used = createWithSerial(store);

        clock.advance(Duration.ofMillis(600)); // idle: 2.1 s; used: 0.6 s
        assertThat(store.expireIdle()).isEqualTo(1);

        assertThat(store.peek(idle)).isEmpty();
        assertThat(store.peek(used)).isPresent();
        assertThat(replicator.ended).containsExactly(new SessionVersion(idle, 1));
        assertThat(store.expirations()).isEqualTo(1);
        assertThat(store.counts()).isEqualTo(new SessionCounts(1, 0));
    }

    @Test
    void aSessionIdleExactlyTheIntervalIsKept() throws Exception {
        SessionId id = createWithSerial(store);
        clock.advance(INTERVAL);

        assertThat(store.expireIdle()).isZero();
        assertThat(store.peek(id)).isPresent();
    }

    @Test
    void aRequestKeepsItsSessionAliveAndOneAfterTheIntervalFindsItGone() throws Exception {
        SessionId id = createWithSerial(store);
        clock.advance(Duration.ofMillis(1900));
        try (ActiveSession active = store.find(id).orElseThrow()) {
            store.update(active); // past the maximum unreplicated interval: version 2 tells the backups of the use
        }
        clock.advance(Duration.ofMillis(1900));
        assertThat(store.expireIdle()).isZero();

        clock.advance(Duration.ofMillis(200)); // 2.1 s since the last request, and no sweep ran since
        assertThat(store.find(id)).isEmpty();
        assertThat(replicator.ended).containsExactly(new SessionVersion(id, 2));
        assertThat(store.expirations()).isEqualTo(1);
    }

    @Test
    void aReplicaIsDroppedOnlyOnceItsOwnerMustHaveExpiredIt() {
        SessionId id = new SessionId("replica");
        long lastAccess = clock.instant().toEpochMilli();
        store.applyBackup(new SessionSnapshot(id, 3, OTHER, lastAccess, lastAccess, Map.of("serial", 3)));

        // The owner may have been used up to MAX_UNREPLICATED later than this copy says.
        clock.advance(INTERVAL.plus(MAX_UNREPLICATED));
        assertThat(store.expireIdle()).isZero();
        assertThat(store.peek(id)).isPresent();

        clock.advance(Duration.ofMillis(1));
        assertThat(store.expireIdle()).isEqualTo(1);
        assertThat(store.peek(id)).isEmpty();
        assertThat(store.expiredCopies()).isEqualTo(1);
        assertThat(replicator.ended).as("only an owner tells the others").isEmpty();
        assertThat(store.applyBackup(new SessionSnapshot(id, 3, OTHER, lastAccess, lastAccess, Map.of("serial", 3))))
                .as("a late replica of the dropped version").isEqualTo(BackupOutcome.STALE);
    }

    @Test
    void aSessionARequestHoldsIsNotSwept() throws Exception {
        SessionId id = createWithSerial(store);
        Session session = sessionOf(id);
        clock.advance(INTERVAL.plusSeconds(1));
        var held = new CountDownLatch(1);
        var release = new CountDownLatch(1);
        try (var executor = Executors.newSingleThreadExecutor()) {
            // Held the way a request holds it (a request would also have touched it: here it stays idle).
            var request = executor.submit(() -> {
                session.lock.lock();
                try {
                    held.countDown();
                    release.await(5, TimeUnit.SECONDS);
                } finally {
                    session.lock.unlock();
                }
                return null;
            });
            assertThat(held.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(store.expireIdle()).isZero();
            assertThat(store.counts()).isEqualTo(new SessionCounts(1, 0));
            release.countDown();
            request.get(5, TimeUnit.SECONDS);
        }
        assertThat(store.expireIdle()).isEqualTo(1);
    }

    @Test
    void withoutAnIntervalNothingExpires() throws Exception {
        SessionStore forever = storeExpiringAfter(Optional.empty());
        SessionId id = createWithSerial(forever);
        clock.advance(Duration.ofDays(1));

        assertThat(forever.expireIdle()).isZero();
        assertThat(forever.find(id)).isPresent();
    }

    private Session sessionOf(SessionId id) {
        try (ActiveSession active = store.find(id).orElseThrow()) {
            return active.session();
        }
    }

    private SessionId createWithSerial(SessionStore target) throws Exception {
        try (ActiveSession active = target.create()) {
            active.session().setAttribute("serial", 1);
            target.update(active);
            return active.session().id();
        }
    }
}
