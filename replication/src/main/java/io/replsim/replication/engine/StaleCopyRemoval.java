package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.message.CopyRemoval;
import io.replsim.replication.message.SessionVersion;
import io.replsim.replication.transport.ClusterTransport;
import io.replsim.replication.transport.Replies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;

/**
 * Tells members to drop copies they no longer need to hold. Waits for their answers so that, once a request or a
 * view change is done, the old copies are gone; a failure is logged, never the request's error, because the
 * session itself is safe on its owner and backups and a leftover copy is only older.
 */
final class StaleCopyRemoval {
    private static final Logger log = LoggerFactory.getLogger(StaleCopyRemoval.class);

    private final ClusterTransport transport;
    private final Duration timeout;

    StaleCopyRemoval(ClusterTransport transport, Duration timeout) {
        this.transport = transport;
        this.timeout = timeout;
    }

    void removeFrom(List<NodeId> holders, List<SessionVersion> copies) {
        if (holders.isEmpty() || copies.isEmpty()) {
            return;
        }
        try {
            Replies replies = transport.sendAndWait(new CopyRemoval(copies), holders, timeout);
            if (!replies.unanswered().isEmpty()) {
                log.warn("removing {} stale copies: no answer from {}", copies.size(), replies.unanswered());
            }
        } catch (ReplicationException e) {
            log.warn("removing {} stale copies from {} failed: {}", copies.size(), holders, e.getMessage());
        }
    }
}
