package io.replsim.replication.session;

import io.replsim.replication.ReplicationException;

/** Sends a session's change to whoever must hold copies, as the cluster's replication spec says. */
public interface SessionReplicator {
    /** Called with the session's lock held; returns once the delivery mode is satisfied. */
    void replicate(Session session) throws ReplicationException;

    /**
     * Tells every member holding a copy that the session ended at its current version (a logout). Called with the
     * session's lock held, after the owner dropped its own copy.
     */
    void invalidate(Session session) throws ReplicationException;

    /**
     * As {@link #invalidate}, for a session that expired: the members remember the cause, to tell a user who comes
     * back. A replicator without members to tell treats it as any end.
     */
    default void expire(Session session) throws ReplicationException {
        invalidate(session);
    }

    /** A change taken from a session under its lock, to be sent once the lock is released. */
    @FunctionalInterface
    interface PreparedSend {
        void send() throws ReplicationException;
    }

    /**
     * Takes what {@link #replicate} sends, with the session's lock held (its version advanced), and returns the send,
     * which the caller runs after releasing the lock: so a request on the session never waits for the network
     * (snapshot mode interval's send). A replicator that cannot split the two replicates here, under the lock.
     */
    default PreparedSend prepare(Session session) throws ReplicationException {
        replicate(session);
        return () -> { };
    }
}
