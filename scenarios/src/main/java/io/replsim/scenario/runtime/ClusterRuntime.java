package io.replsim.scenario.runtime;

import java.io.IOException;
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

    @Override
    void close();
}
