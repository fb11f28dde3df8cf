package io.replsim.replication.engine;

import io.replsim.replication.DeliveryKind;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.SessionId;
import io.replsim.replication.SnapshotMode;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.session.ActiveSession;
import org.awaitility.core.ConditionFactory;
import org.jgroups.protocols.DISCARD;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Snapshot mode over real channels: under interval, the requests that change a session within one interval travel
 * as one update with the latest state, sent by the interval's task; under instant (the default) each request is an
 * update of its own. Rounds of the task are awaited, never slept for.
 *
 * <p>The interval and sync timeouts are short because every test waits whole rounds and timeouts: what the tests
 * claim holds for any period. The polls are tight so that a test acting "right after a round" acts well within the
 * interval that follows it (a 10 ms poll leaves ~390 ms of the 400 ms period).
 */
class SnapshotIntervalTest {
    private static final int REQUESTS = 5;
    private static final Duration INTERVAL = Duration.ofMillis(400);
    private static final Duration SYNC_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final Duration POLL = Duration.ofMillis(10);

    private static ReplicationSpec spec(DeliveryKind delivery, GranularityKind granularity, SnapshotMode mode) {
        return spec(delivery, granularity, mode, SYNC_TIMEOUT);
    }

    private static ReplicationSpec spec(DeliveryKind delivery, GranularityKind granularity, SnapshotMode mode,
                                        Duration syncTimeout) {
        return ReplicationSpec.builder().granularity(granularity).delivery(delivery).syncTimeout(syncTimeout)
                .trigger(ReplicationTrigger.SET).snapshot(mode).build();
    }

    /** Two members under interval mode and one session the owner created, on the backup, its round just run. */
    private record StartedWithASession(LoopbackCluster cluster, JGroupsEngine owner, JGroupsEngine backup,
                                       SessionId id) implements AutoCloseable {
        static StartedWithASession start(ReplicationSpec spec) throws Exception {
            var cluster = LoopbackCluster.start(2, spec);
            try {
                JGroupsEngine owner = cluster.node(1);
                JGroupsEngine backup = cluster.node(2);
                SessionId id = create(owner);
                awaiting().until(() -> serialOn(backup, id) == 1);
                awaitNextRound(owner);
                return new StartedWithASession(cluster, owner, backup, id);
            } catch (Exception | Error e) {
                cluster.close();
                throw e;
            }
        }

        @Override
        public void close() {
            cluster.close();
        }
    }

    @ParameterizedTest
    @EnumSource(DeliveryKind.class)
    void requestsWithinOneIntervalTravelAsOneUpdateWithTheLatestState(DeliveryKind delivery) throws Exception {
        // Right after a send, so the requests below fall within one interval (they take microseconds).
        try (var started = StartedWithASession.start(spec(delivery, GranularityKind.SESSION,
                new SnapshotMode.Interval(INTERVAL)))) {
            JGroupsEngine owner = started.owner();
            JGroupsEngine backup = started.backup();
            SessionId id = started.id();
            long messagesBefore = owner.stats().traffic().messagesSent();
            long coalescedBefore = owner.store().coalescedUpdates();

            for (int serial = 2; serial <= REQUESTS + 1; serial++) {
                set(owner, id, "serial", serial);
            }
            assertThat(serialOn(backup, id)).as("nothing sent before the interval's task runs").isEqualTo(1);

            awaiting().until(() -> serialOn(backup, id) == REQUESTS + 1);
            awaitNextRound(owner);
            assertThat(owner.stats().traffic().messagesSent() - messagesBefore)
                    .as("one update to the one backup for %d requests", REQUESTS).isEqualTo(1);
            assertThat(owner.store().coalescedUpdates() - coalescedBefore).isEqualTo(REQUESTS - 1);
            assertThat(backup.store().peek(id).orElseThrow().version()).isEqualTo(2);
            assertThat(owner.store().queuedSnapshots()).isZero();
        }
    }

    /** The same requests under the default mode: what makes the claim above fail if coalescing were not there. */
    @ParameterizedTest
    @EnumSource(DeliveryKind.class)
    void underInstantEveryRequestIsAnUpdateOfItsOwn(DeliveryKind delivery) throws Exception {
        try (var cluster = LoopbackCluster.start(2, spec(delivery, GranularityKind.SESSION, SnapshotMode.INSTANT))) {
            JGroupsEngine owner = cluster.node(1);
            JGroupsEngine backup = cluster.node(2);
            SessionId id = create(owner);
            awaiting().until(() -> serialOn(backup, id) == 1);
            long messagesBefore = owner.stats().traffic().messagesSent();

            for (int serial = 2; serial <= REQUESTS + 1; serial++) {
                set(owner, id, "serial", serial);
            }

            awaiting().until(() -> serialOn(backup, id) == REQUESTS + 1);
            if (delivery == DeliveryKind.ASYNC) {
                // Bundling may put several updates in one message; each is still an update of its own.
                awaiting().until(() -> owner.stats().async().sent() == REQUESTS + 1);
            } else {
                assertThat(owner.stats().traffic().messagesSent() - messagesBefore).isEqualTo(REQUESTS);
            }
            assertThat(backup.store().peek(id).orElseThrow().version()).isEqualTo(REQUESTS + 1);
            assertThat(owner.store().coalescedUpdates()).isZero();
        }
    }

    @Test
    void underAttributeGranularityOneDeltaCarriesEveryAttributeDirtiedSinceTheLastSendWithItsLatestValue()
            throws Exception {
        var spec = spec(DeliveryKind.SYNC, GranularityKind.ATTRIBUTE, new SnapshotMode.Interval(INTERVAL));
        try (var cluster = LoopbackCluster.start(2, spec)) {
            JGroupsEngine owner = cluster.node(1);
            JGroupsEngine backup = cluster.node(2);
            SessionId id = create(owner);
            set(owner, id, "untouched", 7);
            awaiting().until(() -> backup.store().peek(id).map(copy -> copy.attributes()
                    .containsKey("untouched")).orElse(false));
            awaitNextRound(owner);
            long versionBefore = backup.store().peek(id).orElseThrow().version();
            long messagesBefore = owner.stats().traffic().messagesSent();

            set(owner, id, "a", 1);
            set(owner, id, "b", 2);
            set(owner, id, "a", 3);

            awaiting().until(() -> backup.store().peek(id).map(copy -> copy.version())
                    .orElse(0L) > versionBefore);
            awaitNextRound(owner);
            SessionSnapshot copy = backup.store().peek(id).orElseThrow();
            assertThat(copy.version()).isEqualTo(versionBefore + 1);
            assertThat(copy.attributes()).containsEntry("a", 3).containsEntry("b", 2).containsEntry("untouched", 7)
                    .containsEntry("serial", 1);
            assertThat(copy.attributes()).isEqualTo(owner.store().peek(id).orElseThrow().attributes());
            // One message: the delta applied onto the backup's version, no GAP and no whole session after it.
            assertThat(owner.stats().traffic().messagesSent() - messagesBefore).isEqualTo(1);
        }
    }

    @Test
    void aSessionEndedBeforeItsSendIsNotBroughtBackOnTheBackups() throws Exception {
        try (var started = StartedWithASession.start(spec(DeliveryKind.SYNC, GranularityKind.SESSION,
                new SnapshotMode.Interval(INTERVAL)))) {
            JGroupsEngine owner = started.owner();
            JGroupsEngine backup = started.backup();
            SessionId sent = started.id();

            set(owner, sent, "serial", 2);
            end(owner, sent);
            SessionId neverSent = create(owner);
            end(owner, neverSent);
            long messagesAfterEnds = owner.stats().traffic().messagesSent();
            awaitNextRound(owner);
            awaitNextRound(owner);

            assertThat(backup.store().peek(sent)).isEmpty();
            assertThat(backup.store().peek(neverSent)).isEmpty();
            assertThat(owner.stats().traffic().messagesSent()).as("no update after the ends")
                    .isEqualTo(messagesAfterEnds);
            assertThat(owner.store().queuedSnapshots()).isZero();
        }
    }

    @Test
    void aTakeoverIsReplicatedAtOnceSoTheOldOwnerNeverSendsItsOlderStateAsItsOwn() throws Exception {
        try (var started = StartedWithASession.start(spec(DeliveryKind.SYNC, GranularityKind.SESSION,
                new SnapshotMode.Interval(INTERVAL)))) {
            JGroupsEngine first = started.owner();
            JGroupsEngine second = started.backup();
            SessionId id = started.id();

            set(second, id, "serial", 2); // the user failed over to the other member

            assertThat(first.store().peek(id).orElseThrow().owner()).isEqualTo(second.self());
            assertThat(serialOn(first, id)).isEqualTo(2);
            assertThat(second.store().coalescedUpdates() + second.store().queuedSnapshots()).isZero();
        }
    }

    @Test
    void aRequestDoesNotWaitForADeafBackupUnderSyncAndTheSendIsRetriedUntilItIsHeard() throws Exception {
        var interval = spec(DeliveryKind.SYNC, GranularityKind.SESSION, new SnapshotMode.Interval(INTERVAL));
        try (var cluster = LoopbackCluster.start(2, interval)) {
            JGroupsEngine owner = cluster.node(1);
            JGroupsEngine backup = cluster.node(2);
            SessionId id = create(owner);
            awaiting().until(() -> serialOn(backup, id) == 1);
            DISCARD deaf = new DISCARD().setUpDiscardRate(1.0);
            backup.transport().insertAboveTransport(deaf);

            set(owner, id, "serial", 2); // returns: no backup is asked during the request
            long failuresBefore = owner.stats().failures();
            // a send that failed is queued again and sent the next round: the failures go on while the backup is
            // deaf (its queued count, 1 between rounds, is 0 while a round sends it, so it proves nothing at one look)
            awaiting().until(() -> owner.stats().failures() > failuresBefore + 1);

            deaf.setUpDiscardRate(0);
            awaiting().until(() -> serialOn(backup, id) == 2);
        }
        // Under instant the same request waits for the backup and fails with it.
        try (var cluster = LoopbackCluster.start(2, spec(DeliveryKind.SYNC, GranularityKind.SESSION,
                SnapshotMode.INSTANT))) {
            JGroupsEngine owner = cluster.node(1);
            SessionId id = create(owner);
            cluster.node(2).transport().insertAboveTransport(new DISCARD().setUpDiscardRate(1.0));
            assertThatThrownBy(() -> set(owner, id, "serial", 2)).isInstanceOf(ReplicationException.class);
        }
    }

    /**
     * A round sends outside the session's lock: while its update waits for a deaf backup under sync, a request on
     * the same session is served at once (before that send fails), and its change goes with a later round once the
     * backup hears again; the round that waited longer than the interval is counted late. The sync timeout is five
     * intervals: the round is late however the timeout is rounded, and the request has two seconds to be served.
     */
    @Test
    void aRequestDuringARoundIsNotBlockedByTheRoundsSendToADeafBackup() throws Exception {
        try (var started = StartedWithASession.start(spec(DeliveryKind.SYNC, GranularityKind.SESSION,
                new SnapshotMode.Interval(INTERVAL), INTERVAL.multipliedBy(5)))) {
            JGroupsEngine owner = started.owner();
            JGroupsEngine backup = started.backup();
            SessionId id = started.id();
            DISCARD deaf = new DISCARD().setUpDiscardRate(1.0);
            backup.transport().insertAboveTransport(deaf);
            long failuresBefore = owner.stats().failures();
            long sentBefore = owner.stats().traffic().messagesSent();

            set(owner, id, "serial", 2);
            // The round took the session and its update is on the wire, waiting for the deaf backup's ack.
            awaiting().until(() -> owner.store().queuedSnapshots() == 0
                    && owner.stats().traffic().messagesSent() > sentBefore);

            set(owner, id, "serial", 3);
            assertThat(owner.stats().failures()).as("the request was served before the round's send gave up")
                    .isEqualTo(failuresBefore);

            awaiting().until(() -> owner.stats().failures() > failuresBefore);
            assertThat(owner.lateSnapshotRounds()).as("a round that waited 2 s on a 400 ms interval").isPositive();
            deaf.setUpDiscardRate(0);
            awaiting().until(() -> serialOn(backup, id) == 3);
        }
    }

    private static ConditionFactory awaiting() {
        return await().atMost(DEADLINE).pollDelay(Duration.ZERO).pollInterval(POLL);
    }

    private static void awaitNextRound(JGroupsEngine node) {
        long rounds = node.snapshotRounds();
        awaiting().until(() -> node.snapshotRounds() > rounds);
    }

    private static int serialOn(JGroupsEngine node, SessionId id) {
        return node.store().peek(id).map(copy -> (Integer) copy.attributes().get("serial")).orElse(0);
    }

    private static SessionId create(JGroupsEngine node) throws ReplicationException {
        try (ActiveSession active = node.store().create()) {
            active.session().setAttribute("serial", 1);
            node.store().update(active);
            return active.session().id();
        }
    }

    private static void set(JGroupsEngine node, SessionId id, String name, int value) throws ReplicationException {
        try (ActiveSession active = node.store().find(id).orElseThrow()) {
            active.session().setAttribute(name, value);
            node.store().update(active);
        }
    }

    private static void end(JGroupsEngine node, SessionId id) throws ReplicationException {
        try (ActiveSession active = node.store().find(id).orElseThrow()) {
            node.store().invalidate(active);
        }
    }
}
