package io.replsim.replication.infinispan;

import io.replsim.replication.DegradedPartitionException;
import io.replsim.replication.EngineKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.PartitionHandlingSpec;
import io.replsim.replication.PartitionMergePolicy;
import io.replsim.replication.PartitionWhenSplit;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.TcpStackSpec;
import org.jgroups.Address;
import org.jgroups.protocols.DISCARD;
import org.jgroups.util.NameCache;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Three real TCP members of the infinispan engine on loopback, node1 cut off from node2 and node3 (a DISCARD on
 * every member) while a session is used on both sides, then healed: what each {@code whenSplit} lets each side do,
 * and which copy each {@code mergePolicy} keeps. Each claim has its counterpart under Infinispan's defaults
 * (allow-read-writes, none), so a policy that did nothing would fail it.
 */
class InfinispanPartitionHandlingTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final Duration VIEWS = Duration.ofSeconds(30);

    private final List<InfinispanEngine> members = new ArrayList<>();
    private final List<DISCARD> cuts = new ArrayList<>();

    @AfterEach
    void stop() {
        for (InfinispanEngine member : members.reversed()) {
            member.close();
        }
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void underDenyReadWritesTheMinoritySideRefusesItsSessionsWhileTheMajorityServesThem() throws Exception {
        start(new PartitionHandlingSpec(PartitionWhenSplit.DENY_READ_WRITES, PartitionMergePolicy.DEFAULT));
        SessionId id = create(node(2), "before");
        partition();

        await().atMost(VIEWS).until(() -> refused(node(1), id));
        // A new session is refused too: nothing on the degraded side may be written.
        assertThatThrownBy(() -> create(node(1), "new on the minority")).isInstanceOf(DegradedPartitionException.class);
        assertThat(write(node(2), id, "majority")).containsEntry("side", "before");
        assertThat(read(node(3), id)).containsEntry("side", "majority");

        heal();
        await().atMost(VIEWS).untilAsserted(() -> assertThat(read(node(1), id)).containsEntry("side", "majority"));
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void underAllowReadsTheMinoritySideShowsItsSessionsButRefusesToChangeThem() throws Exception {
        start(new PartitionHandlingSpec(PartitionWhenSplit.ALLOW_READS, PartitionMergePolicy.DEFAULT));
        SessionId id = create(node(2), "before");
        partition();

        await().atMost(VIEWS).untilAsserted(() -> assertThatThrownBy(() -> write(node(1), id, "minority"))
                .isInstanceOf(DegradedPartitionException.class));
        assertThat(read(node(1), id)).containsEntry("side", "before");
        assertThat(write(node(2), id, "majority")).containsEntry("side", "before");

        heal();
        await().atMost(VIEWS).untilAsserted(() -> assertThat(read(node(1), id)).containsEntry("side", "majority"));
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void underTheDefaultsBothSidesWriteAndTheMergeOverwritesTheMinorityWithoutSettlingWhatOnlyItHas() throws Exception {
        start(PartitionHandlingSpec.DEFAULT);
        SessionId id = create(node(2), "before");
        partition();

        // What deny-read-writes and allow-reads refuse is served here: each side writes its own copy.
        assertThat(write(node(1), id, "minority")).containsEntry("side", "before");
        assertThat(write(node(2), id, "majority")).containsEntry("side", "before");
        assertThat(read(node(1), id)).containsEntry("side", "minority");
        SessionId bornInTheMinority = create(node(1), "minority only");

        heal();
        // Merge policy none settles nothing: the preferred (majority) side's state transfer overwrites what it holds,
        // so the minority's write is lost, and what only the minority holds stays there alone, the copies disagreeing.
        await().atMost(VIEWS).untilAsserted(() -> {
            for (InfinispanEngine member : members) {
                assertThat(side(member, id)).as(member.self() + "'s read").contains("majority");
            }
            assertThat(side(node(1), bornInTheMinority)).contains("minority only");
            assertThat(side(node(2), bornInTheMinority)).isEmpty();
            assertThat(side(node(3), bornInTheMinority)).isEmpty();
        });
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void underPreferredNonNullTheMajorityWinsWhereItHasACopyAndTheMinorityKeepsWhatOnlyItHas() throws Exception {
        start(new PartitionHandlingSpec(PartitionWhenSplit.ALLOW_READ_WRITES,
                PartitionMergePolicy.PREFERRED_NON_NULL));
        SessionId id = create(node(2), "before");
        partition();
        write(node(1), id, "minority");
        write(node(2), id, "majority");
        SessionId bornInTheMinority = create(node(1), "minority only");

        heal();
        await().atMost(VIEWS).untilAsserted(() -> {
            for (InfinispanEngine member : members) {
                assertThat(side(member, id)).as(member.self() + "'s read").contains("majority");
                assertThat(side(member, bornInTheMinority)).as(member.self() + "'s read").contains("minority only");
            }
        });
    }

    private void start(PartitionHandlingSpec handling) throws Exception {
        ReplicationSpec spec = ReplicationSpec.fullSync().withEngine(EngineKind.INFINISPAN)
                .withPartitionHandling(handling);
        String cluster = "ispn-partition-" + System.nanoTime();
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ports.add(freePort());
        }
        List<InetSocketAddress> initial = ports.stream().map(port -> new InetSocketAddress(LOOPBACK, port)).toList();
        ClusterSecret secret = ClusterSecret.generate();
        for (int i = 0; i < 3; i++) {
            members.add(InfinispanEngine.start(new NodeId("node" + (i + 1)), cluster,
                    new TcpStackSpec(LOOPBACK, ports.get(i), initial, secret), spec));
        }
        await().atMost(VIEWS).until(() -> members.stream().allMatch(m -> m.view().members().size() == 3
                && m.ownershipSettled()));
    }

    private InfinispanEngine node(int oneBased) {
        return members.get(oneBased - 1);
    }

    /** node1 alone on one side, node2 and node3 on the other; returns once each side has its own view. */
    private void partition() throws Exception {
        List<List<InfinispanEngine>> sides = List.of(List.of(node(1)), List.of(node(2), node(3)));
        for (List<InfinispanEngine> side : sides) {
            List<String> away = sides.stream().filter(other -> other != side).flatMap(List::stream)
                    .map(member -> member.self().name()).toList();
            for (InfinispanEngine member : side) {
                var cut = new DISCARD();
                cut.addIgnoredMembers(NameCache.getContents().entrySet().stream()
                        .filter(entry -> away.contains(entry.getValue())).map(Map.Entry::getKey)
                        .toArray(Address[]::new));
                member.faultPoint().insertAboveTransport(cut);
                cuts.add(cut);
            }
        }
        for (List<InfinispanEngine> side : sides) {
            await().atMost(VIEWS).until(() -> side.stream().allMatch(m -> m.view().members().size() == side.size()));
        }
    }

    private void heal() {
        List<InfinispanEngine> order = List.of(node(1), node(2), node(3));
        for (int i = 0; i < order.size(); i++) {
            order.get(i).faultPoint().removeInserted(cuts.get(i));
        }
        await().atMost(VIEWS).until(() -> members.stream().allMatch(m -> m.view().members().size() == 3));
    }

    private static SessionId create(InfinispanEngine node, String side) throws ReplicationException {
        try (ActiveSession active = node.store().create()) {
            active.session().setAttribute("side", side);
            node.store().update(active);
            return active.session().id();
        }
    }

    /** One request: shows the state found, then writes {@code side}. */
    private static Map<String, Serializable> write(InfinispanEngine node, SessionId id, String side)
            throws ReplicationException {
        try (ActiveSession active = node.store().find(id).orElseThrow()) {
            var seen = active.session().snapshot().attributes();
            active.session().setAttribute("side", side);
            node.store().update(active);
            return seen;
        }
    }

    private static Map<String, Serializable> read(InfinispanEngine node, SessionId id) {
        return readOrNothing(node, id).orElseThrow();
    }

    private static Optional<Map<String, Serializable>> readOrNothing(InfinispanEngine node, SessionId id) {
        try (ActiveSession active = node.store().find(id).orElse(null)) {
            return Optional.ofNullable(active).map(found -> found.session().snapshot().attributes());
        }
    }

    /** The session's {@code side} attribute as this member reads it; empty when it finds no session. */
    private static Optional<Serializable> side(InfinispanEngine node, SessionId id) {
        return readOrNothing(node, id).map(attributes -> attributes.get("side"));
    }

    private static boolean refused(InfinispanEngine node, SessionId id) {
        try {
            readOrNothing(node, id);
            return false;
        } catch (DegradedPartitionException expected) {
            return true;
        }
    }

    private static int freePort() throws IOException {
        var random = new SecureRandom();
        while (true) {
            int port = 12_000 + random.nextInt(20_000);
            try (ServerSocket probe = new ServerSocket(port, 1, LOOPBACK);
                 ServerSocket failureDetection = new ServerSocket(
                         port + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET, 1, LOOPBACK)) {
                return port;
            } catch (IOException taken) {
                // try another
            }
        }
    }
}
