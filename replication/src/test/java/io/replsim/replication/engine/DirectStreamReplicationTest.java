package io.replsim.replication.engine;

import io.replsim.replication.BuddyPools;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.transport.LargeMessagePath;
import io.replsim.replication.transport.LoopbackStackSpec;
import org.jgroups.protocols.DISCARD;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Sessions of every size travel over direct streams to their buddy, in an in-JVM cluster whose members still find
 * each other through JGroups; every message while a fault sits in either member's stack, and messages under a
 * stack's threshold when one is set, go through JGroups. The {@code messagesStreamed} counter tells which path an
 * update took.
 */
class DirectStreamReplicationTest {
    private static final int LARGE = 64 * 1024;
    private static final ReplicationSpec BUDDY = ReplicationSpec.builder()
            .placement(new Placement.Buddies(1, BuddyPools.none())).syncTimeout(Duration.ofSeconds(5)).build();

    private LoopbackCluster cluster;

    @AfterEach
    void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aLargeSessionReachesItsBuddyWholeAndInOrderOverADirectStream() throws Exception {
        cluster = LoopbackCluster.start(2, BUDDY);
        JGroupsEngine owner = cluster.node(1);
        byte[] payload = randomBytes(LARGE, 1);
        SessionId id = create(owner, payload);

        for (int serial = 2; serial <= 5; serial++) {
            setSerial(owner, id, serial);
        }

        SessionSnapshot copy = cluster.node(2).store().peek(id).orElseThrow();
        assertThat(copy.attributes().get("payload")).isEqualTo(payload);
        assertThat(copy.attributes().get("serial")).isEqualTo(5);
        assertThat(copy.version()).isEqualTo(owner.store().peek(id).orElseThrow().version());
        assertThat(owner.stats().traffic().messagesStreamed()).isEqualTo(5);
        assertThat(cluster.node(2).stats().traffic().messagesReceived()).isEqualTo(5);
    }

    @Test
    void aSmallSessionTakesADirectStreamToo() throws Exception {
        cluster = LoopbackCluster.start(2, BUDDY);
        JGroupsEngine owner = cluster.node(1);
        SessionId id = create(owner, randomBytes(256, 2));
        setSerial(owner, id, 2);

        assertThat(cluster.node(2).store().peek(id).orElseThrow().attributes().get("serial")).isEqualTo(2);
        assertThat(owner.stats().traffic().messagesStreamed()).isEqualTo(2);
    }

    @Test
    void underAThresholdASmallSessionStaysOnJGroupsAndALargeOneTakesAStream() throws Exception {
        var threshold = new LargeMessagePath.DirectStreams(16 * 1024, 32);
        cluster = LoopbackCluster.start(2, BUDDY, new LoopbackStackSpec(LoopbackStackSpec.DEFAULT_JOIN_TIMEOUT,
                threshold));
        JGroupsEngine owner = cluster.node(1);
        SessionId small = create(owner, randomBytes(1024, 2));
        assertThat(cluster.node(2).store().peek(small)).isPresent();
        assertThat(owner.stats().traffic().messagesStreamed()).isZero();

        create(owner, randomBytes(LARGE, 3));
        assertThat(owner.stats().traffic().messagesStreamed()).isEqualTo(1);
    }

    @Test
    void whileAFaultSitsInTheSendersStackLargeSessionsGoThroughJGroups() throws Exception {
        cluster = LoopbackCluster.start(2, BUDDY);
        JGroupsEngine owner = cluster.node(1);
        var passThrough = new DISCARD(); // discards nothing: only its presence in the stack matters here
        owner.transport().insertAboveTransport(passThrough);

        SessionId id = create(owner, randomBytes(LARGE, 3));
        assertThat(cluster.node(2).store().peek(id)).isPresent();
        assertThat(owner.stats().traffic().messagesStreamed()).isZero();

        owner.transport().removeInserted(passThrough);
        setSerial(owner, id, 2);
        assertThat(owner.stats().traffic().messagesStreamed()).isEqualTo(1);
    }

    @Test
    void whileAFaultSitsInTheBackupsStackItClosesTheStreamAndTheUpdateComesThroughJGroups() throws Exception {
        cluster = LoopbackCluster.start(2, BUDDY);
        JGroupsEngine owner = cluster.node(1);
        SessionId id = create(owner, randomBytes(LARGE, 4));
        assertThat(owner.stats().traffic().messagesStreamed()).isEqualTo(1); // a stream is open and idle now

        cluster.node(2).transport().insertAboveTransport(new DISCARD());
        setSerial(owner, id, 2);

        assertThat(cluster.node(2).store().peek(id).orElseThrow().attributes().get("serial")).isEqualTo(2);
        assertThat(owner.stats().traffic().messagesStreamed()).isEqualTo(1);
    }

    @Test
    void aBackupWhoseStackDropsEverythingMakesALargeSyncUpdateFailAfterTheTimeout() throws Exception {
        var spec = ReplicationSpec.builder().placement(new Placement.Buddies(1, BuddyPools.none()))
                .syncTimeout(Duration.ofMillis(500)).build();
        cluster = LoopbackCluster.start(2, spec);
        JGroupsEngine owner = cluster.node(1);
        cluster.node(2).transport().insertAboveTransport(new DISCARD().setUpDiscardRate(1.0));

        try (ActiveSession active = owner.store().create()) {
            active.session().setAttribute("payload", randomBytes(LARGE, 5));
            assertThatThrownBy(() -> owner.store().update(active))
                    .isInstanceOf(ReplicationException.class)
                    .hasMessageContaining("no ack from [node2] within 500 ms");
        }
        assertThat(cluster.node(2).store().counts().total()).isZero();
    }

    @Test
    void concurrentLargeUpdatesOfManySessionsAllLandWithTheirLastSerial() throws Exception {
        cluster = LoopbackCluster.start(2, BUDDY);
        JGroupsEngine owner = cluster.node(1);
        int threads = 4;
        int sessionsPerThread = 5;
        int updatesPerSession = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<SessionId> ids = new ArrayList<>();
        try {
            List<Future<List<SessionId>>> work = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int seed = t;
                work.add(pool.submit(() -> {
                    List<SessionId> mine = new ArrayList<>();
                    for (int s = 0; s < sessionsPerThread; s++) {
                        SessionId id = create(owner, randomBytes(LARGE, 100 + seed * 10 + s));
                        for (int serial = 2; serial <= updatesPerSession; serial++) {
                            setSerial(owner, id, serial);
                        }
                        mine.add(id);
                    }
                    return mine;
                }));
            }
            for (Future<List<SessionId>> done : work) {
                ids.addAll(done.get(60, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }

        for (SessionId id : ids) {
            assertThat(cluster.node(2).store().peek(id).orElseThrow().attributes().get("serial"))
                    .as("backup copy of %s", id).isEqualTo(updatesPerSession);
        }
        assertThat(owner.stats().traffic().messagesStreamed())
                .isEqualTo((long) threads * sessionsPerThread * updatesPerSession);
        assertThat(owner.stats().failures()).isZero();
    }

    @Test
    void whenTheBuddyLeavesTheNextOneGetsLargeSessionsOverAStreamOfItsOwn() throws Exception {
        cluster = LoopbackCluster.start(3, BUDDY);
        JGroupsEngine owner = cluster.node(1);
        byte[] payload = randomBytes(LARGE, 6);
        SessionId id = create(owner, payload);
        assertThat(cluster.node(2).store().peek(id)).isPresent();

        cluster.stop(2);
        setSerial(owner, id, 2);

        SessionSnapshot copy = cluster.node(3).store().peek(id).orElseThrow();
        assertThat(copy.attributes().get("serial")).isEqualTo(2);
        assertThat(copy.attributes().get("payload")).isEqualTo(payload);
        assertThat(owner.stats().failures()).isZero();
    }

    private static SessionId create(JGroupsEngine node, byte[] payload) throws ReplicationException {
        try (ActiveSession active = node.store().create()) {
            active.session().setAttribute("payload", payload);
            active.session().setAttribute("serial", 1);
            node.store().update(active);
            return active.session().id();
        }
    }

    private static void setSerial(JGroupsEngine node, SessionId id, int serial) throws ReplicationException {
        try (ActiveSession active = node.store().find(id).orElseThrow()) {
            active.session().setAttribute("serial", serial);
            node.store().update(active);
        }
    }

    private static byte[] randomBytes(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
