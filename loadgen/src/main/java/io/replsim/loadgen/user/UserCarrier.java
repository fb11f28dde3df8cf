package io.replsim.loadgen.user;

import io.replsim.loadgen.exchange.ConnectionCount;

import java.util.List;

/**
 * What carries a run's users: the threads that run them (interrupting one stops the users it carries) and the
 * connections their requests used.
 */
public interface UserCarrier extends AutoCloseable {

    /** Unstarted threads that together run every one of {@code users}. */
    List<Thread> threadsFor(List<VirtualUser> users);

    /** The connections opened so far, open now, and the most open at once. */
    ConnectionCount.Connections connections();

    /** Closes every connection, idle or in use. */
    @Override
    void close();
}
