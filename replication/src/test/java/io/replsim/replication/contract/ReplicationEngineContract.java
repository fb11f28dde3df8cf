package io.replsim.replication.contract;

import io.replsim.replication.BuddyPools;
import io.replsim.replication.DeliveryKind;
import io.replsim.replication.EngineKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.member.ReplicationEngine;
import io.replsim.replication.session.ActiveSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What every engine must do under failure, run once per engine through the same node API: the sessions a placement
 * promises to keep survive, the ones it cannot keep are reported missing (never served as if nothing happened),
 * and members joining or serving someone else's session see the latest state.
 */
abstract class ReplicationEngineContract {
    private static final Duration SYNC_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration REBALANCE_DEADLINE = Duration.ofSeconds(15);

    protected EngineCluster cluster;

    protected abstract EngineKind engine();

    /** What the engine shows after {@code reader} served a session another member held: gravitation or a remote read. */
    protected abstract void assertServedFromAnotherMember(EngineCluster cluster, SessionId id, int reader,
                                                          List<NodeId> holdersBefore);

    private ReplicationSpec buddies(DeliveryKind delivery) {
        return ReplicationSpec.builder().placement(new Placement.Buddies(1, BuddyPools.none())).delivery(delivery)
                .syncTimeout(SYNC_TIMEOUT).engine(engine()).build();
    }

    @AfterEach
    void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void syncBuddiesLoseNoSessionWhenTheOwnerIsKilled() throws Exception {
        cluster = EngineCluster.start(4, buddies(DeliveryKind.SYNC));
        List<SessionId> ids = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            SessionId id = create(cluster.node(2), 1);
            assertThat(increment(cluster.node(2), id)).contains(2);
            ids.add(id);
        }

        cluster.kill(2);

        for (SessionId id : ids) {
            assertThat(increment(cluster.node(4), id)).as("serial of %s after failover", id).contains(3);
        }
    }

    @Test
    void killingAnOwnerAndItsBuddyLosesExactlyTheSessionsOnlyTheyHeld() throws Exception {
        cluster = EngineCluster.start(5, buddies(DeliveryKind.SYNC));
        Map<SessionId, Integer> serials = new LinkedHashMap<>();
        for (int number = 1; number <= 5; number++) {
            for (int i = 0; i < 4; i++) {
                serials.put(create(cluster.node(number), number), number);
            }
        }
        // The victims are the two holders of one of node2's sessions: whoever the engine made its backup, unless
        // that is node1, the coordinator, whose own leave would be a view of its own before the other's.
        SessionId probe = serials.keySet().stream()
                .filter(id -> holders(id).contains(node(2)) && !holders(id).contains(node(1))).findFirst()
                .orElseThrow();
        List<NodeId> victims = holders(probe);
        assertThat(victims).hasSize(2);
        Map<SessionId, List<NodeId>> holdersBefore = new LinkedHashMap<>();
        serials.keySet().forEach(id -> holdersBefore.put(id, holders(id)));

        cluster.kill(victims.stream().mapToInt(ReplicationEngineContract::numberOf).toArray());

        ReplicationEngine survivor = cluster.running().getLast();
        int lost = 0;
        for (var entry : serials.entrySet()) {
            Optional<Integer> served = increment(survivor, entry.getKey());
            if (Set.copyOf(victims).containsAll(holdersBefore.get(entry.getKey()))) {
                assertThat(served).as("%s, held only by %s", entry.getKey(), victims).isEmpty();
                lost++;
            } else {
                assertThat(served).as("%s, held by %s", entry.getKey(), holdersBefore.get(entry.getKey()))
                        .contains(entry.getValue() + 1);
            }
        }
        assertThat(lost).as("sessions held only by the victims").isPositive();
    }

    @Test
    void fullReplicationSurvivesAllButOneMember() throws Exception {
        cluster = EngineCluster.start(4, ReplicationSpec.builder().engine(engine()).build());
        Map<SessionId, Integer> serials = new LinkedHashMap<>();
        for (int number = 1; number <= 4; number++) {
            serials.put(create(cluster.node(number), number), number);
        }

        cluster.kill(1, 2, 4);

        for (var entry : serials.entrySet()) {
            assertThat(increment(cluster.node(3), entry.getKey())).contains(entry.getValue() + 1);
        }
    }

    @Test
    void asyncLosesNothingOnceDeliveredAndEverySessionIsAccountedForAfterAKill() throws Exception {
        cluster = EngineCluster.start(4, buddies(DeliveryKind.ASYNC));
        Map<SessionId, Integer> delivered = new LinkedHashMap<>();
        for (int i = 0; i < 5; i++) {
            delivered.put(create(cluster.node(2), 1), 1);
        }
        await().atMost(REBALANCE_DEADLINE).until(() -> delivered.keySet().stream()
                .allMatch(id -> holders(id).size() == 2));
        Map<SessionId, Integer> inFlight = new LinkedHashMap<>();
        for (int i = 0; i < 5; i++) {
            SessionId id = create(cluster.node(2), 1);
            for (int serial = 2; serial <= 20; serial++) {
                increment(cluster.node(2), id);
            }
            inFlight.put(id, 20);
        }

        cluster.kill(2);

        for (SessionId id : delivered.keySet()) {
            assertThat(increment(cluster.node(4), id)).as("%s, delivered before the kill", id).contains(2);
        }
        int ok = 0;
        int stale = 0;
        int lost = 0;
        for (var entry : inFlight.entrySet()) {
            Optional<Integer> read = read(cluster.node(4), entry.getKey());
            if (read.isEmpty()) {
                lost++;
            } else {
                assertThat(read.get()).as("a serial node2 wrote").isBetween(1, entry.getValue());
                if (read.get() == entry.getValue().intValue()) {
                    ok++;
                } else {
                    stale++;
                }
            }
        }
        assertThat(ok + stale + lost).isEqualTo(inFlight.size());
    }

    @Test
    void aJoiningMemberReceivesTheCopiesItMustHold() throws Exception {
        cluster = EngineCluster.start(3, buddies(DeliveryKind.SYNC));
        List<SessionId> ids = new ArrayList<>();
        for (int number = 1; number <= 3; number++) {
            for (int i = 0; i < 8; i++) {
                ids.add(create(cluster.node(number), number));
            }
        }

        ReplicationEngine joiner = cluster.join();

        await().atMost(REBALANCE_DEADLINE).untilAsserted(() -> {
            assertThat(ids.stream().filter(joiner::holdsCopy)).isNotEmpty();
            for (SessionId id : ids) {
                assertThat(holders(id)).as("holders of %s", id).hasSize(2);
            }
        });
    }

    @Test
    void aMemberServingAnotherMembersSessionSeesItsLatestState() throws Exception {
        cluster = EngineCluster.start(5, buddies(DeliveryKind.SYNC));
        SessionId id = create(cluster.node(1), 7);
        List<NodeId> holdersBefore = holders(id);
        int reader = numberOf(cluster.running().stream().map(ReplicationEngine::self)
                .filter(member -> !holdersBefore.contains(member)).findFirst().orElseThrow());

        assertThat(increment(cluster.node(reader), id)).contains(8);

        assertThat(increment(cluster.node(1), id)).as("back on the creator").contains(9);
        assertThat(holders(id)).hasSize(2);
        assertServedFromAnotherMember(cluster, id, reader, holdersBefore);
    }

    @Test
    void aSessionEndedOnAnyMemberIsGoneFromEveryMember() throws Exception {
        cluster = EngineCluster.start(3, ReplicationSpec.builder().engine(engine()).build());
        SessionId ended = create(cluster.node(1), 1);
        SessionId kept = create(cluster.node(1), 5);
        assertThat(increment(cluster.node(2), ended)).contains(2);

        try (ActiveSession active = cluster.node(3).store().find(ended).orElseThrow()) {
            cluster.node(3).store().invalidate(active);
        }

        assertThat(holders(ended)).as("members holding the ended session").isEmpty();
        for (int number = 1; number <= 3; number++) {
            assertThat(read(cluster.node(number), ended)).as("the ended session on node%d", number).isEmpty();
        }
        assertThat(increment(cluster.node(2), kept)).as("another session").contains(6);
    }

    protected static SessionId create(ReplicationEngine node, int serial) throws ReplicationException {
        try (ActiveSession active = node.store().create()) {
            active.session().setAttribute("serial", serial);
            node.store().update(active);
            return active.session().id();
        }
    }

    /** One counter request through the node; empty when no member holds the session any more. */
    protected static Optional<Integer> increment(ReplicationEngine node, SessionId id) throws ReplicationException {
        Optional<ActiveSession> found = node.store().find(id);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        try (ActiveSession active = found.get()) {
            int serial = (Integer) active.session().getAttribute("serial").orElseThrow() + 1;
            active.session().setAttribute("serial", serial);
            node.store().update(active);
            return Optional.of(serial);
        }
    }

    private static Optional<Integer> read(ReplicationEngine node, SessionId id) {
        return node.store().find(id).map(active -> {
            try (active) {
                return (Integer) active.session().peekAttribute("serial").orElseThrow();
            }
        });
    }

    protected List<NodeId> holders(SessionId id) {
        return cluster.running().stream().filter(node -> node.holdsCopy(id)).map(ReplicationEngine::self).sorted()
                .toList();
    }

    protected static NodeId node(int number) {
        return new NodeId("node" + number);
    }

    static int numberOf(NodeId node) {
        return Integer.parseInt(node.name().substring("node".length()));
    }
}
