package io.replsim.replication.infinispan;

import io.replsim.replication.DegradedPartitionException;
import io.replsim.replication.EngineKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.PartitionHandlingSpec;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.member.PartitionCut;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.transport.MemberPorts;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;
import io.replsim.replication.transport.TcpStackSpec;

import java.io.Serializable;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.awaitility.Awaitility.await;

/**
 * Three real TCP members of the infinispan engine on loopback that a test cuts apart, node1 alone against node2 and
 * node3 ({@link PartitionCut}: a DISCARD on every member), and heals; with one request's reads and writes as a node serves them.
 */
final class PartitionedInfinispanCluster implements AutoCloseable {
    static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    static final Duration VIEWS = Duration.ofSeconds(30);

    private final List<InfinispanEngine> members = new ArrayList<>();
    private final StackTuning tuning;
    private PartitionCut cut;

    /** On replsim's tuned stack. */
    PartitionedInfinispanCluster() {
        this(StackPreset.TUNED.tuning());
    }

    PartitionedInfinispanCluster(StackTuning tuning) {
        this.tuning = tuning;
    }

    @Override
    public void close() {
        for (InfinispanEngine member : members.reversed()) {
            member.close();
        }
    }

    List<InfinispanEngine> members() {
        return members;
    }

    void start(PartitionHandlingSpec handling) throws Exception {
        start(handling, ReplicationSpec.DEFAULT_SYNC_TIMEOUT);
    }

    /** As {@link #start(PartitionHandlingSpec)}, a sync write waiting at most {@code syncTimeout} for the others. */
    void start(PartitionHandlingSpec handling, Duration syncTimeout) throws Exception {
        ReplicationSpec spec = ReplicationSpec.builder().syncTimeout(syncTimeout).engine(EngineKind.INFINISPAN)
                .partitionHandling(handling).build();
        String cluster = "ispn-partition-" + System.nanoTime();
        ClusterSecret secret = ClusterSecret.generate();
        members.addAll(MemberPorts.startMembersOnFreePorts(3, (i, ports) -> InfinispanEngine.start(
                new NodeId("node" + (i + 1)), cluster, new TcpStackSpec(LOOPBACK, ports.get(i),
                        ports.stream().map(port -> new InetSocketAddress(LOOPBACK, port)).toList(), secret)
                        .withTuning(tuning), spec)));
        await().atMost(VIEWS).until(() -> members.stream().allMatch(m -> m.view().members().size() == 3
                && m.ownershipSettled()));
    }

    InfinispanEngine node(int oneBased) {
        return members.get(oneBased - 1);
    }

    /** node1 alone on one side, node2 and node3 on the other; returns once each side has its own view. */
    void partition() throws Exception {
        cut = PartitionCut.between(VIEWS, List.of(node(1)), List.of(node(2), node(3)));
    }

    /**
     * Cuts node1 off from node2 and node3 and returns at once: until the failure detectors suspect the others, each
     * member still has them in its view, and a sync write waits for them until it times out.
     */
    void cut() throws Exception {
        cut = PartitionCut.cut(VIEWS, List.of(node(1)), List.of(node(2), node(3)));
    }

    /** Returns once each side of the cut has a view of its own members only. */
    void awaitSides() {
        cut.awaitSides();
    }

    void heal() {
        cut.heal();
    }

    static SessionId create(InfinispanEngine node, String side) throws ReplicationException {
        try (ActiveSession active = node.store().create()) {
            active.session().setAttribute("side", side);
            node.store().update(active);
            return active.session().id();
        }
    }

    /** One request: shows the state found, then writes {@code side}. */
    static Map<String, Serializable> write(InfinispanEngine node, SessionId id, String side)
            throws ReplicationException {
        try (ActiveSession active = node.store().find(id).orElseThrow()) {
            var seen = active.session().snapshot().attributes();
            active.session().setAttribute("side", side);
            node.store().update(active);
            return seen;
        }
    }

    static Map<String, Serializable> read(InfinispanEngine node, SessionId id) {
        return readOrNothing(node, id).orElseThrow();
    }

    static Optional<Map<String, Serializable>> readOrNothing(InfinispanEngine node, SessionId id) {
        try (ActiveSession active = node.store().find(id).orElse(null)) {
            return Optional.ofNullable(active).map(found -> found.session().snapshot().attributes());
        }
    }

    /** The session's {@code side} attribute as this member reads it; empty when it finds no session. */
    static Optional<Serializable> side(InfinispanEngine node, SessionId id) {
        return readOrNothing(node, id).map(attributes -> attributes.get("side"));
    }

    static boolean refused(InfinispanEngine node, SessionId id) {
        try {
            readOrNothing(node, id);
            return false;
        } catch (DegradedPartitionException expected) {
            return true;
        }
    }
}
