package io.replsim.replication.engine;

import io.replsim.replication.AsyncEnds;
import io.replsim.replication.AsyncQueueSettings;
import io.replsim.replication.AsyncStats;
import io.replsim.replication.DeliveryKind;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.session.ActiveSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;

import static io.replsim.replication.engine.AsyncDeliveryTest.create;
import static io.replsim.replication.engine.AsyncDeliveryTest.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A session's end under async delivery with {@code async.ends: queued}: it joins the members' queues behind the
 * updates before it, the logout does not wait for it, and a crash loses it while it is queued, so a member keeps a
 * copy of a session its owner ended. With {@code awaited}, replsim's default, the logout waits for every member.
 */
class QueuedEndsTest {
    private static final Duration ACK_TIMEOUT = Duration.ofSeconds(1);

    private static ReplicationSpec async(Duration bundleTimeout, AsyncEnds ends) {
        return ReplicationSpec.builder().delivery(DeliveryKind.ASYNC).syncTimeout(ACK_TIMEOUT)
                .asyncQueue(new AsyncQueueSettings(bundleTimeout, 1_000, 10_000, ends)).build();
    }

    @Test
    void aQueuedEndReachesEveryMemberAfterTheUpdatesQueuedBeforeItAndIsCountedAsSent() throws Exception {
        try (var cluster = LoopbackCluster.start(3, async(Duration.ofMillis(200), AsyncEnds.QUEUED))) {
            JGroupsEngine owner = cluster.node(1);
            SessionId id = create(owner);
            set(owner, id, 2);

            end(owner, id);

            assertThat(owner.store().peek(id)).isEmpty();
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                for (int member = 2; member <= 3; member++) {
                    assertThat(cluster.node(member).store().peek(id)).as("node%d's copy", member).isEmpty();
                }
                AsyncStats stats = owner.stats().async();
                assertThat(stats.sent()).as("2 updates and the end, to each of 2 members").isEqualTo(6);
            });
            AsyncStats stats = owner.stats().async();
            assertThat(stats.enqueued()).isEqualTo(6);
            assertThat(stats.queued() + stats.dropped() + stats.failed() + stats.discarded()).isZero();
        }
    }

    /**
     * A crash right after a logout: a queued end dies with its owner and the survivor keeps the session its owner
     * ended; an awaited one was on the survivor before the logout returned.
     */
    @ParameterizedTest
    @EnumSource(AsyncEnds.class)
    void aCrashRightAfterALogoutLeavesTheSurvivorACopyOnlyWhenTheEndWasQueued(AsyncEnds ends) throws Exception {
        // A long bundle timeout holds a queued end in the queue: the loss window, made wide enough to hit every time.
        var cluster = LoopbackCluster.start(2, async(Duration.ofSeconds(2), ends));
        try (cluster) {
            JGroupsEngine owner = cluster.node(1);
            SessionId id = create(owner);
            await().atMost(Duration.ofSeconds(10)).until(() -> cluster.node(2).store().peek(id).isPresent()
                    && owner.stats().async().sent() == 1);

            end(owner, id);   // the user has logged out
            cluster.stop(1);

            assertThat(cluster.node(2).store().peek(id).isPresent())
                    .as("the survivor's copy of the session node1 ended").isEqualTo(ends == AsyncEnds.QUEUED);
            assertThat(owner.stats().async().discarded()).isEqualTo(ends == AsyncEnds.QUEUED ? 1 : 0);
        }
    }

    private static void end(JGroupsEngine node, SessionId id) throws ReplicationException {
        try (ActiveSession active = node.store().find(id).orElseThrow()) {
            node.store().invalidate(active);
        }
    }
}
