package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.LoopbackStackSpec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.awaitility.Awaitility.await;

/**
 * N members over SHARED_LOOPBACK under a cluster name of their own, started coordinator first. Members can be
 * stopped (a leave without handing anything over: for session data, the same as a crash) and new ones can join.
 */
public final class LoopbackCluster implements AutoCloseable {
    private final String name = "test-" + UUID.randomUUID();
    private final ReplicationSpec spec;
    private final LoopbackStackSpec stack;
    private final List<JGroupsEngine> nodes = new ArrayList<>();
    private final List<JGroupsEngine> running = new ArrayList<>();

    private LoopbackCluster(ReplicationSpec spec, LoopbackStackSpec stack) {
        this.spec = spec;
        this.stack = stack;
    }

    public static LoopbackCluster start(int size, ReplicationSpec spec) throws Exception {
        return start(size, spec, new LoopbackStackSpec());
    }

    public static LoopbackCluster start(int size, ReplicationSpec spec, LoopbackStackSpec stack) throws Exception {
        var cluster = new LoopbackCluster(spec, stack);
        try {
            for (int i = 1; i <= size; i++) {
                cluster.add(JGroupsEngine.start(new NodeId("node" + i), cluster.name, stack, spec));
            }
            cluster.awaitViewOf(size);
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    /** The JGroups cluster name its members share. */
    public String name() {
        return name;
    }

    /** The member started as {@code node<oneBased>}, joined later ones included. */
    public JGroupsEngine node(int oneBased) {
        return nodes.get(oneBased - 1);
    }

    public List<JGroupsEngine> nodes() {
        return List.copyOf(nodes);
    }

    /** The members still in the cluster. */
    public List<JGroupsEngine> running() {
        return List.copyOf(running);
    }

    /** Starts {@code node<N+1>} and returns once every running member sees it. */
    public JGroupsEngine join() throws Exception {
        var node = JGroupsEngine.start(new NodeId("node" + (nodes.size() + 1)), name, stack, spec);
        add(node);
        awaitViewOf(running.size());
        return node;
    }

    /** Stops the members and returns once the others installed a view without them. */
    public void stop(int... oneBased) {
        for (int number : oneBased) {
            JGroupsEngine node = node(number);
            running.remove(node);
            node.close();
        }
        awaitViewOf(running.size());
    }

    private void add(JGroupsEngine node) {
        nodes.add(node);
        running.add(node);
    }

    private void awaitViewOf(int size) {
        await().atMost(Duration.ofSeconds(10)).until(() ->
                running.stream().allMatch(node -> node.view().members().size() == size));
    }

    @Override
    public void close() {
        // Last joiner first, so the coordinator is not handed over on every leave.
        for (JGroupsEngine node : running.reversed()) {
            node.close();
        }
        running.clear();
    }
}
