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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

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
        List<NodeId> missingBase = replies.acks().entrySet().stream()
                .filter(entry -> entry.getValue().status() == AckStatus.GAP).map(Map.Entry::getKey).toList();
        if (!missingBase.isEmpty()) {
            check(transport.sendAndWait(outgoing.whole(), missingBase, timeout));
            replies = withoutAcksOf(replies, missingBase);
        }
        check(replies);
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
        Map<NodeId, Ack> refused = replies.acks().entrySet().stream()
                .filter(entry -> !entry.getValue().holdsChange())
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        if (!refused.isEmpty()) {
            throw new ReplicationException("not applied by " + refused);
        }
    }
}
