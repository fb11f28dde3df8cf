package io.replsim.scenario.runtime;

import io.replsim.scenario.provenance.Jdk;
import io.replsim.scenario.provenance.NodesRuntime;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Starts a cluster, reaches its nodes and applies the faults a runtime can apply. Whatever it started, it stops
 * in {@link #close()}, also when start failed halfway. A cluster replsim does not run is a runtime too: it starts
 * nothing, kills and restarts through the user's commands, and its stats are not read ({@link #readsNodeStats()}).
 */
public interface ClusterRuntime extends AutoCloseable {

    /** How long a cluster may take to start and have every node see the full view: the one start deadline. */
    Duration START_DEADLINE = Duration.ofSeconds(60);

    /** Starts every node, the coordinator first, and returns once every node sees the full view. */
    void start(Duration viewDeadline) throws ClusterStartException, InterruptedException;

    List<NodeHandle> nodes();

    List<NodeHandle> liveNodes();

    AdminClient admin(String node);

    /** Ends the node at once, without a goodbye to the cluster (SIGKILL for a process). */
    void kill(String node) throws InterruptedException;

    /** Asks the node to leave the cluster and exit (SIGTERM for a process); one that does not in time is killed. */
    void stop(String node) throws InterruptedException;

    /** Freezes the node (SIGSTOP): it still holds its sockets but answers nothing, like a long GC pause. */
    void pause(String node) throws IOException, InterruptedException;

    /** Lets a paused node run again (SIGCONT). */
    void resume(String node) throws IOException, InterruptedException;

    /**
     * A fresh node with the same name and ports, which joins the cluster again; a node still running is killed
     * first. Returns once it is started, not once it has joined.
     */
    void restart(String node) throws InterruptedException, IOException;

    /**
     * The node as read back now from its process, container or URL (never from the runtime's note of what it did
     * to it): what confirms that a kill, a pause or a restart took effect. By default not read, which leaves such a
     * fault unconfirmed.
     */
    default NodeState state(String node) throws InterruptedException {
        return new NodeState.NotRead("this runtime does not read its nodes back");
    }

    /**
     * How long what the nemesis does to a node may take to show in {@link #state}, and what shows a restart: by
     * default as for a process or a container replsim started.
     */
    default ReadBackTerms readBack() {
        return ReadBackTerms.OF_PROCESSES;
    }

    /**
     * Every node process or container that ended without this runtime ending it, so far; empty when the runtime
     * does not watch its nodes' ends (a cluster it does not run). Read before {@link #close()}, which ends them all.
     */
    default Optional<List<NodeDeath>> deathsUnasked() {
        return Optional.empty();
    }

    /**
     * Whether this runtime can cut a node off the network the cluster shares ({@link #disconnect}); one that cannot
     * partitions through JGroups DISCARD in each node instead.
     */
    default boolean cutsNetwork() {
        return false;
    }

    /** Takes the node off the cluster's network: it reaches nobody and nobody reaches it, clients included. */
    default void disconnect(String node) throws IOException {
        throw new UnsupportedOperationException("this runtime partitions through JGroups DISCARD, not the network");
    }

    /** Whether the node has an interface on the cluster's network now, as read back from the runtime. */
    default boolean onNetwork(String node) throws IOException {
        throw new UnsupportedOperationException("this runtime partitions through JGroups DISCARD, not the network");
    }

    /** Puts a node taken off by {@link #disconnect} back on the network, at its old address. */
    default void reconnect(String node) throws IOException {
        throw new UnsupportedOperationException("this runtime partitions through JGroups DISCARD, not the network");
    }

    /**
     * Whether the runner reads the nodes' stats through {@link #admin}; false for a cluster replsim does not run,
     * whose figures (views, CPU, sessions held) are then not measured.
     */
    default boolean readsNodeStats() {
        return true;
    }

    /**
     * Whether the nodes run on the driver's machine apart from its JVM (processes, local containers): then the
     * driver's CPU is its own, and the nodes' budgets and the driver share the machine's cores. False for nodes in
     * the driver's JVM (whose CPU is the driver's too) and for a cluster elsewhere.
     */
    default boolean nodesBesideTheDriver() {
        return false;
    }

    /** Whether the kernel holds each node to its CPU budget, or why not. */
    default CpuBudgetEnforcement cpuBudget() {
        return CpuBudgetEnforcement.notEnforced("this runtime does not limit its nodes' CPU");
    }

    /**
     * Which runtime the nodes ran on and on which JDK, for the provenance of the figures; by default neither is
     * known (a test's stand-in runtime).
     */
    default NodesRuntime nodesRuntime() {
        return new NodesRuntime("not declared by " + getClass().getSimpleName(),
                Jdk.notMeasured("the runtime does not say"));
    }

    /**
     * Where each node serves its Prometheus metrics, in the nodes' order; empty when the scenario does not ask for
     * them ({@code cluster.metrics}), and for a runtime that cannot give them (its capabilities refuse the key).
     */
    default List<MetricsEndpoint> metricsEndpoints() {
        return List.of();
    }

    /** How often the runner reads every node's stats (CPU, view) during the load. */
    default Duration statsEvery() {
        return Duration.ofSeconds(1);
    }

    @Override
    void close();
}
