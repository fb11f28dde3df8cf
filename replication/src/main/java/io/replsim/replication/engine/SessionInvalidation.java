package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.message.EndCause;
import io.replsim.replication.message.SessionEnd;
import io.replsim.replication.message.SessionVersion;
import io.replsim.replication.session.Session;
import io.replsim.replication.transport.ClusterTransport;
import io.replsim.replication.transport.Replies;

import java.time.Duration;
import java.util.List;

/**
 * Tells members that a session ended, and waits until they dropped their copies. Sent to every member, not only
 * the placement's backups: after gravitations and view changes a copy may sit anywhere, and an end is rare next to
 * updates. A member that left meanwhile took its copy with it; one that stays silent may keep a copy, which is the
 * request's error, as for an update.
 */
final class SessionInvalidation implements SessionEnds {
    private final ClusterTransport transport;
    private final Duration timeout;

    SessionInvalidation(ClusterTransport transport, Duration timeout) {
        this.transport = transport;
        this.timeout = timeout;
    }

    @Override
    public void announce(Session session, List<NodeId> members, EndCause cause) throws ReplicationException {
        if (members.isEmpty()) {
            return;
        }
        Replies replies = transport.sendAndWait(new SessionEnd(new SessionVersion(session.id(), session.version()), cause),
                        members, timeout);
        if (!replies.unanswered().isEmpty()) {
            throw new ReplicationException("session " + session.id() + " ended here, but " + replies.unanswered()
                    + " did not confirm dropping its copy within " + timeout.toMillis() + " ms");
        }
    }
}
