package io.replsim.replication.contract;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.host.EngineFactory;
import io.replsim.replication.member.ReplicationEngine;
import io.replsim.replication.infinispan.InfinispanEngine;
import io.replsim.replication.transport.LoopbackStackSpec;
import org.jgroups.Address;
import org.jgroups.protocols.DISCARD;
import org.jgroups.stack.Protocol;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.awaitility.Awaitility.await;

/**
 * N members of whichever engine the spec names, over SHARED_LOOPBACK under a cluster name of their own. A kill
 * is a crash, not a leave: the victims go silent before anyone learns they are gone, so they hand nothing over.
 */
final class EngineCluster implements AutoCloseable {
    private static final Duration VIEW_DEADLINE = Duration.ofSeconds(15);

    private final String name = "contract-" + UUID.randomUUID();
    private final ReplicationSpec spec;
    private final List<ReplicationEngine> nodes = new ArrayList<>();
    private final List<ReplicationEngine> running = new ArrayList<>();

    private EngineCluster(ReplicationSpec spec) {
        this.spec = spec;
    }

    static EngineCluster start(int size, ReplicationSpec spec) throws Exception {
        var cluster = new EngineCluster(spec);
        try {
            for (int i = 0; i < size; i++) {
                cluster.join();
            }
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    ReplicationEngine node(int oneBased) {
        return nodes.get(oneBased - 1);
    }

    List<ReplicationEngine> running() {
        return List.copyOf(running);
    }

    /** Starts {@code node<N+1>}; returns once every running member sees it (and, for a cache, has its state). */
    ReplicationEngine join() throws Exception {
        var node = EngineFactory.start(new NodeId("node" + (nodes.size() + 1)), name, new LoopbackStackSpec(),
                spec);
        nodes.add(node);
        running.add(node);
        awaitViewOf(running.size());
        return node;
    }

    /**
     * Crashes the members together: first every victim drops off the network at once, so nothing it holds can
     * reach a survivor any more, then the survivors suspect them all in one event and install one view without
     * them, as after a real double crash. Letting each victim leave by itself instead raced: the coordinator could
     * install a view without the first while the second still answered, the second re-replicated what it held,
     * and a double failure lost nothing (seen on CI). The victims' own resources are released afterwards. The
     * contract's sessions are small, so nothing of theirs takes a direct stream, which a DISCARD would not silence.
     */
    void kill(int... oneBased) {
        List<ReplicationEngine> victims = new ArrayList<>();
        for (int number : oneBased) {
            victims.add(node(number));
        }
        running.removeAll(victims);
        List<Address> crashed = victims.stream().map(EngineCluster::dropOffTheNetwork).toList();
        List<SuspectOnCommand> detectors = running.stream().map(EngineCluster::insertDetector).toList();
        detectors.forEach(detector -> detector.suspect(crashed));
        awaitViewOf(running.size());
        for (int i = 0; i < detectors.size(); i++) {
            running.get(i).faultPoint().removeInserted(detectors.get(i));
        }
        release(victims);
    }

    private static Address dropOffTheNetwork(ReplicationEngine node) {
        var mute = new DISCARD().discardAll(true);
        insert(node, mute);
        return mute.getAddress();
    }

    private static SuspectOnCommand insertDetector(ReplicationEngine node) {
        var detector = new SuspectOnCommand();
        insert(node, detector);
        return detector;
    }

    private static void insert(ReplicationEngine node, Protocol protocol) {
        try {
            node.faultPoint().insertAboveTransport(protocol);
        } catch (Exception e) {
            throw new IllegalStateException("cannot insert " + protocol.getName() + " into " + node.self(), e);
        }
    }

    /** Closes crashed members in parallel: each one's leave goes unanswered and waits out the leave timeout. */
    private static void release(List<ReplicationEngine> victims) {
        List<Thread> closers = victims.stream().map(node -> Thread.ofPlatform().start(() -> {
            if (node instanceof InfinispanEngine cacheNode) {
                cacheNode.halt();
            } else {
                node.close();
            }
        })).toList();
        for (Thread closer : closers) {
            try {
                closer.join(VIEW_DEADLINE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while closing " + victims, e);
            }
        }
    }

    /** The view, and under infinispan the cache's owners too: who holds a session is settled before a test asks. */
    private void awaitViewOf(int size) {
        await().atMost(VIEW_DEADLINE).until(() ->
                running.stream().allMatch(node -> node.view().members().size() == size
                        && (!(node instanceof InfinispanEngine cacheNode) || cacheNode.ownershipSettled())));
    }

    @Override
    public void close() {
        for (ReplicationEngine node : running.reversed()) {
            node.close();
        }
        running.clear();
    }
}
