package io.replsim.replication.delivery;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.transport.ClusterTransport;
import io.replsim.replication.transport.Replies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Sync delivery: returns only when every backup acknowledged holding the change within the timeout. A backup that
 * crashed or left meanwhile is not a failure (the next view drops it); one that is silent or refuses is.
 */
public final class SynchronousDelivery implements Delivery {
    private static final Logger log = LoggerFactory.getLogger(SynchronousDelivery.class);

    private final ClusterTransport transport;
    private final Duration timeout;

    public SynchronousDelivery(ClusterTransport transport, Duration timeout) {
        this.transport = Objects.requireNonNull(transport, "transport");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    @Override
    public void deliver(Outgoing outgoing, List<NodeId> backups) throws ReplicationException {
        Replies replies = transport.sendAndWait(outgoing.update(), backups, timeout);
        List<NodeId> missingBase = missingBase(replies);
        if (!missingBase.isEmpty()) {
            check(transport.sendAndWait(outgoing.whole(), missingBase, timeout));
            replies = withoutAcksOf(replies, missingBase);
        }
        check(replies);
    }

    /**
     * The backups that lacked the version an attribute update was made from. Loops, not streams: this runs on every
     * update, and in the common case (every backup applied it) finds nothing and makes nothing.
     */
    private static List<NodeId> missingBase(Replies replies) {
        List<NodeId> missing = List.of();
        for (Map.Entry<NodeId, Ack> answer : replies.acks().entrySet()) {
            if (answer.getValue().status() == AckStatus.GAP) {
                if (missing.isEmpty()) {
                    missing = new ArrayList<>();
                }
                missing.add(answer.getKey());
            }
        }
        return missing;
    }

    private static Replies withoutAcksOf(Replies replies, List<NodeId> members) {
        Map<NodeId, Ack> rest = new HashMap<>(replies.acks());
        members.forEach(rest::remove);
        return new Replies(rest, replies.unanswered(), replies.departed());
    }

    private void check(Replies replies) throws ReplicationException {
        if (!replies.departed().isEmpty()) {
            log.debug("backups {} left while replicating; the next view drops them", replies.departed());
        }
        if (!replies.unanswered().isEmpty()) {
            throw new ReplicationException("no ack from " + replies.unanswered() + " within " + timeout.toMillis()
                    + " ms");
        }
        for (Map.Entry<NodeId, Ack> answer : replies.acks().entrySet()) {
            if (answer.getValue().status() == AckStatus.OWNED && !answer.getValue().carried().isEmpty()) {
                throw new OutrankedException(answer.getKey(), answer.getValue().carried().getFirst());
            }
        }
        Map<NodeId, Ack> refused = Map.of();
        for (Map.Entry<NodeId, Ack> answer : replies.acks().entrySet()) {
            if (!answer.getValue().holdsChange()) {
                if (refused.isEmpty()) {
                    refused = new HashMap<>();
                }
                refused.put(answer.getKey(), answer.getValue());
            }
        }
        if (!refused.isEmpty()) {
            throw new ReplicationException("not applied by " + refused);
        }
    }
}
