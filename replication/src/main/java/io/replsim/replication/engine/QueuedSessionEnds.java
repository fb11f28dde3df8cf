package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.delivery.AsynchronousDelivery;
import io.replsim.replication.message.EndCause;
import io.replsim.replication.message.SessionEnd;
import io.replsim.replication.message.SessionVersion;
import io.replsim.replication.session.Session;

import java.util.List;

/**
 * Ends that join each member's async queue ({@code replication.async.ends: queued}): the request that ended the
 * session returns at once, and each member drops its copy when the end arrives, after the updates queued before it.
 * What a crash leaves queued never arrives, and those members keep copies of sessions their owner ended.
 */
final class QueuedSessionEnds implements SessionEnds {
    private final AsynchronousDelivery delivery;

    QueuedSessionEnds(AsynchronousDelivery delivery) {
        this.delivery = delivery;
    }

    @Override
    public void announce(Session session, List<NodeId> members, EndCause cause) {
        if (!members.isEmpty()) {
            delivery.end(new SessionEnd(new SessionVersion(session.id(), session.version()), cause), members);
        }
    }
}
