package io.replsim.replication.delivery;

import io.replsim.replication.AsyncQueueSettings;
import io.replsim.replication.AsyncStats;
import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;
import io.replsim.replication.message.SessionEnd;
import io.replsim.replication.transport.ClusterTransport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Async delivery: the request returns once its update is queued for each backup; one queue and sender per
 * destination bundles and sends them. Nothing here ever fails a request: what a crash loses is what was still
 * queued or unacknowledged, and {@link AsyncStats} accounts for every update.
 */
public final class AsynchronousDelivery implements Delivery {
    private static final Logger log = LoggerFactory.getLogger(AsynchronousDelivery.class);

    private final ClusterTransport transport;
    private final AsyncQueueSettings settings;
    private final Duration ackTimeout;
    private final AsyncCounters counters = new AsyncCounters();
    private final Map<NodeId, DestinationQueue> queues = new ConcurrentHashMap<>();
    private volatile boolean closed;

    public AsynchronousDelivery(ClusterTransport transport, AsyncQueueSettings settings, Duration ackTimeout) {
        this.transport = Objects.requireNonNull(transport, "transport");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.ackTimeout = Objects.requireNonNull(ackTimeout, "ackTimeout");
    }

    @Override
    public void deliver(Outgoing outgoing, List<NodeId> backups) {
        // Sent later by each queue's thread: the values as this request left them, not as a later one changes them.
        Outgoing queued;
        try {
            queued = backups.isEmpty() ? outgoing : outgoing.frozenBy(transport.marshaller());
        } catch (UncheckedIOException unwritable) {
            // A value not serializable through and through: under sync the request would fail on it; here the
            // update fails, counted, as one the backups refused would.
            for (NodeId ignored : backups) {
                counters.enqueued();
                counters.failed(1);
            }
            log.warn("an update of session {} cannot be written for its backups, not sent: {}",
                    outgoing.whole().snapshot().id(), unwritable.getMessage());
            return;
        }
        for (NodeId backup : backups) {
            if (closed) {
                counters.discarded(1);
                continue;
            }
            queues.computeIfAbsent(backup,
                    member -> new DestinationQueue(member, transport, settings, ackTimeout, counters)).offer(queued);
        }
    }

    /**
     * A session's end for {@code members}, each queued behind what was queued for it before
     * ({@link io.replsim.replication.AsyncEnds#QUEUED}): the request that ended the session does not wait, and a
     * crash loses the ends still queued, counted with the updates.
     */
    public void end(SessionEnd end, List<NodeId> members) {
        for (NodeId member : members) {
            if (closed) {
                counters.discarded(1);
                continue;
            }
            queues.computeIfAbsent(member,
                    destination -> new DestinationQueue(destination, transport, settings, ackTimeout, counters))
                    .offer(end);
        }
    }

    /** A member that left gets nothing more: its queue stops and what it held counts as discarded. */
    @Override
    public void viewInstalled(ClusterView view) {
        queues.keySet().stream().filter(member -> !view.contains(member)).toList().forEach(member -> {
            DestinationQueue queue = queues.remove(member);
            if (queue != null) {
                queue.close();
            }
        });
    }

    @Override
    public AsyncStats stats() {
        return counters.snapshot(() -> queues.values().stream().mapToLong(DestinationQueue::size).sum());
    }

    /** Stops every sender; what is still queued is discarded and counted, as a crash would lose it. */
    @Override
    public void close() {
        closed = true;
        queues.values().forEach(DestinationQueue::close);
        queues.clear();
    }
}
