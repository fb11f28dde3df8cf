package io.replsim.replication.contract;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.engine.ReplicationEngine;
import io.replsim.replication.infinispan.InfinispanNode;
import io.replsim.replication.transport.LoopbackStackSpec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;

import static org.awaitility.Awaitility.await;

/**
 * N members of whichever engine the spec names, over SHARED_LOOPBACK under a cluster name of their own. A kill
 * hands nothing over: the jgroups engine's close never does, an infinispan member drops its channel first so the
 * cache sees a crash rather than a leave.
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
        var node = ReplicationEngine.start(new NodeId("node" + (nodes.size() + 1)), name, new LoopbackStackSpec(),
                spec);
        nodes.add(node);
        running.add(node);
        awaitViewOf(running.size());
        return node;
    }

    /**
     * Kills the members together and returns when the others installed a view without them. Together matters: one
     * after the other, the survivors may install a view without the first and re-replicate what the second still
     * holds before it goes, and a double failure would lose nothing. Their leaves reach the coordinator at once and
     * it bundles them into one view.
     */
    void kill(int... oneBased) {
        List<ReplicationEngine> victims = new ArrayList<>();
        for (int number : oneBased) {
            victims.add(node(number));
        }
        running.removeAll(victims);
        var start = new CountDownLatch(1);
        List<Thread> killers = victims.stream().map(node -> Thread.ofPlatform().start(() -> {
            awaitQuietly(start);
            if (node instanceof InfinispanNode cacheNode) {
                cacheNode.halt();
            } else {
                node.close();
            }
        })).toList();
        start.countDown();
        for (Thread killer : killers) {
            try {
                killer.join(VIEW_DEADLINE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while killing " + victims, e);
            }
        }
        awaitViewOf(running.size());
    }

    private static void awaitQuietly(CountDownLatch start) {
        try {
            start.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The view, and under infinispan the cache's owners too: who holds a session is settled before a test asks. */
    private void awaitViewOf(int size) {
        await().atMost(VIEW_DEADLINE).until(() ->
                running.stream().allMatch(node -> node.view().members().size() == size
                        && (!(node instanceof InfinispanNode cacheNode) || cacheNode.ownershipSettled())));
    }

    @Override
    public void close() {
        for (ReplicationEngine node : running.reversed()) {
            node.close();
        }
        running.clear();
    }
}
