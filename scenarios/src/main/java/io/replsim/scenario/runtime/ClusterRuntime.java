package io.replsim.scenario.runtime;

import java.time.Duration;
import java.util.List;

/**
 * Starts a cluster, reaches its nodes and applies the faults a runtime can apply. Whatever it started, it stops
 * in {@link #close()}, also when start failed halfway.
 */
public interface ClusterRuntime extends AutoCloseable {

    /** Starts every node, the coordinator first, and returns once every node sees the full view. */
    void start(Duration viewDeadline) throws ClusterStartException, InterruptedException;

    List<NodeHandle> nodes();

    List<NodeHandle> liveNodes();

    AdminClient admin(String node);

    /** Ends the node at once, without a goodbye to the cluster (SIGKILL for a process). */
    void kill(String node) throws InterruptedException;

    @Override
    void close();
}
