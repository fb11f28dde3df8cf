package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.message.EndCause;
import io.replsim.replication.session.Session;

import java.util.List;

/**
 * How the other members hear that a session ended here: waited for ({@link SessionInvalidation}) or queued behind
 * the session's updates ({@link QueuedSessionEnds}).
 */
interface SessionEnds {
    void announce(Session session, List<NodeId> members, EndCause cause) throws ReplicationException;
}
