package io.replsim.replication.session;

import io.replsim.replication.ReplicationException;

/** Sends a session's change to whoever must hold copies, as the cluster's replication spec says. */
@FunctionalInterface
public interface SessionReplicator {
    /** Called with the session's lock held; returns once the delivery mode is satisfied. */
    void replicate(Session session) throws ReplicationException;
}
