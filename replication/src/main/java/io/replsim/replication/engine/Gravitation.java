package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.message.GravitationRequest;
import io.replsim.replication.session.SessionLocator;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.transport.ClusterTransport;
import io.replsim.replication.transport.Replies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Data gravitation: asks every other member for a session and takes the newest copy. Asking everyone, not just
 * the buddies a placement would name, is what finds a session whose owner and placement both changed since.
 */
final class Gravitation implements SessionLocator {
    private static final Logger log = LoggerFactory.getLogger(Gravitation.class);

    private final ClusterTransport transport;
    private final Duration timeout;

    Gravitation(ClusterTransport transport, Duration timeout) {
        this.transport = transport;
        this.timeout = timeout;
    }

    @Override
    public Optional<SessionSnapshot> locate(SessionId id) {
        List<NodeId> others = transport.view().members().stream()
                .filter(member -> !member.equals(transport.self())).toList();
        if (others.isEmpty()) {
            return Optional.empty();
        }
        Replies replies;
        try {
            replies = transport.sendAndWait(new GravitationRequest(id), others, timeout);
        } catch (ReplicationException e) {
            log.warn("gravitation of {} failed: {}", id, e.getMessage());
            return Optional.empty();
        }
        if (!replies.unanswered().isEmpty()) {
            // A silent member may hold a newer copy; the newest among the answers is still the best we can do.
            log.warn("gravitation of {}: no answer from {}", id, replies.unanswered());
        }
        return replies.acks().values().stream()
                .filter(ack -> ack.status() == AckStatus.HELD)
                .map(Ack::carried)
                .flatMap(List::stream)
                .filter(copy -> copy.id().equals(id))
                .max(Comparator.comparingLong(SessionSnapshot::version));
    }
}
