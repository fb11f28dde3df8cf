package io.replsim.replication.transport.stream;

import io.replsim.replication.NodeId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sender's open direct streams, per member: an idle one is reused, a new one is opened while fewer than the
 * limit exist, and past the limit the caller goes through JGroups instead of waiting. A member whose stream server
 * cannot be reached is not tried again for a while, so a firewall or a dead host costs one connect timeout, not
 * one per message.
 */
final class StreamPool {
    private static final Logger log = LoggerFactory.getLogger(StreamPool.class);
    static final Duration RETRY_AFTER = Duration.ofSeconds(5);

    private final StreamHello hello;
    private final Optional<PeerKey> key;
    private final int maxPerMember;
    private final Duration connectTimeout;
    private final Map<NodeId, MemberConnections> members = new ConcurrentHashMap<>();

    StreamPool(StreamHello hello, Optional<PeerKey> key, int maxPerMember, Duration connectTimeout) {
        this.hello = hello;
        this.key = key;
        this.maxPerMember = maxPerMember;
        this.connectTimeout = connectTimeout;
    }

    /** A stream to {@code target} for one exchange, or empty when the caller should use JGroups. */
    Optional<StreamConnection> borrow(NodeId target, InetSocketAddress endpoint) {
        MemberConnections connections = members.compute(target, (id, known) ->
                known != null && known.endpoint.equals(endpoint) ? known : replace(known, id, endpoint));
        return connections.borrow();
    }

    /** Back to the idle ones after a complete exchange; closed instead if its member left meanwhile. */
    void release(StreamConnection connection) {
        MemberConnections owner = connection.owner();
        if (connection.expired() || members.get(owner.member()) != owner || !owner.giveBack(connection)) {
            discard(connection);
        }
    }

    /** Closes a stream whose exchange failed: its bytes in flight are unknown. */
    void discard(StreamConnection connection) {
        connection.close();
        connection.owner().forget();
    }

    /** Forgets (and closes the idle streams of) members that left the view or moved their stream server. */
    void retain(Map<NodeId, InetSocketAddress> current) {
        members.entrySet().removeIf(entry -> {
            boolean gone = !entry.getValue().endpoint.equals(current.get(entry.getKey()));
            if (gone) {
                entry.getValue().closeIdle();
            }
            return gone;
        });
    }

    void close() {
        members.values().forEach(MemberConnections::closeIdle);
        members.clear();
    }

    private MemberConnections replace(MemberConnections previous, NodeId member, InetSocketAddress endpoint) {
        if (previous != null) {
            previous.closeIdle();
        }
        return new MemberConnections(member, endpoint);
    }

    /** One member's streams; its own lock, so senders to different members never wait for each other. */
    final class MemberConnections {
        private final NodeId member;
        private final InetSocketAddress endpoint;
        private final ArrayDeque<StreamConnection> idle = new ArrayDeque<>();
        private int open;
        private long retryAfterNanos;
        private boolean closed;

        private MemberConnections(NodeId member, InetSocketAddress endpoint) {
            this.member = member;
            this.endpoint = endpoint;
        }

        private NodeId member() {
            return member;
        }

        private Optional<StreamConnection> borrow() {
            synchronized (this) {
                StreamConnection ready = idle.pollFirst();
                if (ready != null || closed) {
                    return Optional.ofNullable(ready);
                }
                if (open >= maxPerMember || System.nanoTime() - retryAfterNanos < 0) {
                    return Optional.empty();
                }
                open++;
            }
            try {
                return Optional.of(StreamConnection.open(endpoint, connectTimeout, hello, key, this));
            } catch (IOException e) {
                log.warn("cannot open a direct stream to {} ({}); replication messages go through JGroups for {} s",
                        endpoint, e.getMessage(), RETRY_AFTER.toSeconds());
                synchronized (this) {
                    open--;
                    retryAfterNanos = System.nanoTime() + RETRY_AFTER.toNanos();
                }
                return Optional.empty();
            }
        }

        /** False once this member was forgotten: the caller closes the stream instead. */
        private synchronized boolean giveBack(StreamConnection connection) {
            if (closed) {
                return false;
            }
            idle.addFirst(connection); // the most recent first: its buffers are warm
            return true;
        }

        private synchronized void forget() {
            open--;
        }

        private synchronized void closeIdle() {
            closed = true;
            for (StreamConnection connection : idle) {
                connection.close();
            }
            open -= idle.size();
            idle.clear();
        }
    }
}
