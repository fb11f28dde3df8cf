package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.SessionId;
import io.replsim.replication.SessionLifecycle;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.message.SessionVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * maxActiveSessions on one store: the least recently used sessions (owned and replicas) go to the file store, a request brings
 * its session back whole, and what comes back from disk passes the same allow-list filter as a replica.
 */
class SessionPassivationTest {
    private static final NodeId SELF = new NodeId("node1");
    private static final NodeId OTHER = new NodeId("node2");

    /** A value type no allow-list names: what a tampered or foreign file could carry. */
    record NotAllowed(int value) implements Serializable {
    }

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock();
    private final RecordingReplicator replicator = new RecordingReplicator();

    private SessionStore storeWithAtMost(int max, Optional<Duration> interval) throws Exception {
        return new SessionStore(SELF, replicator, SessionLocator.NOWHERE,
                new SessionTracking(ReplicationTrigger.SET, Duration.ofSeconds(1),
                        new SessionLifecycle(interval).withMaxActiveSessions(max)),
                clock, Duration.ofMillis(200), new SessionIdGenerator()::next, SessionRetention.KEEP_COPIES,
                Optional.of(PassivatedSessions.in(dir)));
    }

    private SessionId create(SessionStore store, Serializable serial) throws Exception {
        clock.advance(Duration.ofMillis(10));
        try (ActiveSession active = store.create()) {
            active.session().setAttribute("serial", serial);
            store.update(active);
            return active.session().id();
        }
    }

    @Test
    void theLeastRecentlyUsedSessionsGoToDiskAndARequestBringsItsSessionBackWhole() throws Exception {
        SessionStore store = storeWithAtMost(2, Optional.empty());
        SessionId first = create(store, 1);
        SessionId second = create(store, 2);
        SessionId third = create(store, 3);

        assertThat(store.counts()).isEqualTo(new SessionCounts(2, 0));
        assertThat(store.passivatedNow()).isEqualTo(1);
        assertThat(store.passivations()).isEqualTo(1);
        assertThat(Files.list(dir).filter(file -> file.toString().endsWith(".session")).count()).isEqualTo(1);
        assertThat(store.peek(first)).as("still held, on disk").map(SessionSnapshot::attributes)
                .contains(Map.of("serial", 1));

        clock.advance(Duration.ofMillis(10));
        try (ActiveSession active = store.find(first).orElseThrow()) {
            assertThat(active.created()).isFalse();
            assertThat(active.session().getAttribute("serial")).contains(1);
            assertThat(active.session().version()).isEqualTo(1);
            active.session().setAttribute("serial", 11);
            store.update(active);
        }

        assertThat(store.activations()).isEqualTo(1);
        // first came back and was used last: second, now the least recently used, went to disk in its place
        assertThat(store.passivations()).isEqualTo(2);
        assertThat(store.counts()).isEqualTo(new SessionCounts(2, 0));
        assertThat(store.find(third)).isPresent().get().satisfies(ActiveSession::close);
        try (ActiveSession active = store.find(second).orElseThrow()) {
            assertThat(active.session().getAttribute("serial")).contains(2);
        }
        assertThat(store.activations()).isEqualTo(2);
    }

    @Test
    void aPassivatedSessionCarryingAClassOffTheAllowListIsRefusedOnTheWayBack() throws Exception {
        SessionStore store = storeWithAtMost(1, Optional.empty());
        SessionId tampered = create(store, new NotAllowed(7));
        create(store, 2);
        assertThat(store.passivatedNow()).isEqualTo(1);

        assertThat(store.find(tampered)).as("refused, not activated").isEmpty();
        assertThat(store.activations()).isZero();
        assertThat(store.passivatedNow()).isZero();
    }

    @Test
    void aNewerCopyFromAMemberThatTookTheSessionOverReplacesThePassivatedOne() throws Exception {
        SessionStore store = storeWithAtMost(1, Optional.empty());
        SessionId moved = create(store, 1);
        create(store, 2);
        assertThat(store.passivatedNow()).isEqualTo(1);

        assertThat(store.applyBackup(new SessionSnapshot(moved, 1, OTHER, 1, 2, Map.of("serial", 1))))
                .as("the same version").isEqualTo(BackupOutcome.STALE);
        assertThat(store.applyBackup(new SessionSnapshot(moved, 3, OTHER, 1, 2, Map.of("serial", 3))))
                .isEqualTo(BackupOutcome.APPLIED);

        // The stale file is gone; of the two sessions now held (one owned, the new replica) one is passivated:
        // replicas count toward the limit.
        assertThat(store.passivatedNow()).isEqualTo(1);
        assertThat(store.counts().owned() + store.counts().backup()).isEqualTo(1);
        assertThat(store.peek(moved).orElseThrow().version()).isEqualTo(3);
    }

    @Test
    void aPassivatedSessionExpiresLikeAnyOtherAndTheMembersAreTold() throws Exception {
        SessionStore store = storeWithAtMost(1, Optional.of(Duration.ofSeconds(2)));
        SessionId idle = create(store, 1);
        create(store, 2);
        assertThat(store.passivatedNow()).isEqualTo(1);

        clock.advance(Duration.ofMillis(2_005)); // idle 2.015 s, the other 2.005 s
        assertThat(store.expireIdle()).isEqualTo(2);

        assertThat(store.passivatedNow()).isZero();
        assertThat(store.find(idle)).isEmpty();
        assertThat(replicator.ended).contains(new SessionVersion(idle, 1));
    }
}
