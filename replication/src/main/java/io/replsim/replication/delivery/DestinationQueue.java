package io.replsim.replication.delivery;

import io.replsim.replication.AsyncQueueSettings;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.message.ReplicationMessage;
import io.replsim.replication.message.SessionEnd;
import io.replsim.replication.message.SessionUpdate;
import io.replsim.replication.message.UpdateBundle;
import io.replsim.replication.transport.ClusterTransport;
import io.replsim.replication.transport.Replies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One destination's queue and the one thread that sends it, so updates reach that member in the order they were
 * queued, and one session's updates (queued under its lock) in version order. A session's end queued here
 * ({@link io.replsim.replication.AsyncEnds#QUEUED}) goes in the same order: after the updates queued before it,
 * on its own, since a bundle holds updates only. Each update and end is counted once, as sent, failed or discarded.
 */
final class DestinationQueue implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DestinationQueue.class);

    /** What waits in the queue: a session's change, or its end. */
    private sealed interface Queued permits Change, End {
    }

    private record Change(Outgoing outgoing) implements Queued {
    }

    private record End(SessionEnd end) implements Queued {
    }

    private record Pending(Queued queued, long enqueuedNanos) {
        SessionUpdate update() {
            return ((Change) queued).outgoing().update();
        }

        SessionUpdate whole() {
            return ((Change) queued).outgoing().whole();
        }
    }

    private final NodeId destination;
    private final ClusterTransport transport;
    private final AsyncQueueSettings settings;
    private final Duration ackTimeout;
    private final AsyncCounters counters;
    private final BlockingQueue<Pending> queue;
    private final Thread sender;

    DestinationQueue(NodeId destination, ClusterTransport transport, AsyncQueueSettings settings, Duration ackTimeout,
                     AsyncCounters counters) {
        this.destination = destination;
        this.transport = transport;
        this.settings = settings;
        this.ackTimeout = ackTimeout;
        this.counters = counters;
        this.queue = new ArrayBlockingQueue<>(settings.capacity());
        this.sender = Thread.ofPlatform().daemon().name("async-" + transport.self() + "-to-" + destination)
                .start(this::sendUntilClosed);
    }

    /** False, and counted as dropped, when the queue is full: the request never waits under async. */
    boolean offer(Outgoing outgoing) {
        return offer(new Change(outgoing));
    }

    /** A session's end, behind what was queued before it; dropped and counted when the queue is full, as an update. */
    boolean offer(SessionEnd end) {
        return offer(new End(end));
    }

    private boolean offer(Queued queued) {
        if (queue.offer(new Pending(queued, System.nanoTime()))) {
            counters.enqueued();
            return true;
        }
        counters.dropped();
        return false;
    }

    int size() {
        return queue.size();
    }

    private void sendUntilClosed() {
        List<Pending> bundle = new ArrayList<>();
        try {
            while (!Thread.currentThread().isInterrupted()) {
                bundle.add(queue.take());
                fill(bundle);
                send(bundle);
                bundle.clear();
            }
        } catch (InterruptedException closing) {
            Thread.currentThread().interrupt();
        } finally {
            List<Pending> left = new ArrayList<>(bundle);
            queue.drainTo(left);
            counters.discarded(left.size());
            if (!left.isEmpty()) {
                log.info("{} queued updates for {} discarded unsent", left.size(), destination);
            }
        }
    }

    /** Waits up to the bundle timeout after the first update for more, as JGroups' bundler does. */
    private void fill(List<Pending> bundle) throws InterruptedException {
        long deadline = System.nanoTime() + settings.bundleTimeout().toNanos();
        while (bundle.size() < settings.maxBundle()) {
            long left = deadline - System.nanoTime();
            Pending next = left > 0 ? queue.poll(left, TimeUnit.NANOSECONDS) : queue.poll();
            if (next == null) {
                return;
            }
            bundle.add(next);
        }
    }

    /** The bundle in queue order: each run of updates as one message, each end on its own after them. */
    private void send(List<Pending> bundle) {
        List<Pending> updates = new ArrayList<>();
        for (Pending pending : bundle) {
            if (pending.queued() instanceof End end) {
                if (!updates.isEmpty()) {
                    sendUpdates(updates);
                    updates = new ArrayList<>();
                }
                sendEnd(end.end(), pending);
            } else {
                updates.add(pending);
            }
        }
        if (!updates.isEmpty()) {
            sendUpdates(updates);
        }
    }

    private void sendEnd(SessionEnd end, Pending pending) {
        try {
            Replies replies = transport.sendAndWait(end, List.of(destination), ackTimeout);
            if (!replies.departed().isEmpty()) {
                counters.discarded(1);
            } else if (replies.unanswered().isEmpty() && replies.acks().values().stream().allMatch(Ack::holdsChange)) {
                long age = (System.nanoTime() - pending.enqueuedNanos()) / 1_000;
                counters.sent(1, age, age);
            } else {
                counters.failed(1);
                log.warn("the end of session {} to {} not acknowledged: acks {}, unanswered {}", end.session().id(),
                        destination, replies.acks(), replies.unanswered());
            }
        } catch (ReplicationException e) {
            counters.failed(1);
            log.warn("the end of session {} to {} failed: {}", end.session().id(), destination, e.getMessage());
        }
    }

    private void sendUpdates(List<Pending> bundle) {
        try {
            Replies replies = transport.sendAndWait(message(bundle.stream().map(Pending::update).toList()),
                    List.of(destination), ackTimeout);
            if (replies.acks().values().stream().anyMatch(ack -> ack.status() == AckStatus.GAP)) {
                // The destination missed an earlier update (dropped or failed): whole sessions repair its copies.
                List<SessionUpdate> wholes = bundle.stream().map(Pending::whole).toList();
                replies = transport.sendAndWait(message(wholes), List.of(destination), ackTimeout);
            }
            if (!replies.departed().isEmpty()) {
                counters.discarded(bundle.size());
            } else if (replies.unanswered().isEmpty() && replies.acks().values().stream().allMatch(Ack::holdsChange)) {
                long now = System.nanoTime();
                long oldest = (now - bundle.getFirst().enqueuedNanos()) / 1_000;
                long sum = bundle.stream().mapToLong(pending -> (now - pending.enqueuedNanos()) / 1_000).sum();
                counters.sent(bundle.size(), oldest, sum);
            } else {
                counters.failed(bundle.size());
                log.warn("{} async updates to {} not acknowledged: acks {}, unanswered {}", bundle.size(),
                        destination, replies.acks(), replies.unanswered());
            }
        } catch (ReplicationException | UncheckedIOException e) {
            // UncheckedIOException: a value of a GAP repair's whole session that cannot be written. The thread goes
            // on with the next bundle either way.
            counters.failed(bundle.size());
            log.warn("{} async updates to {} failed: {}", bundle.size(), destination, e.getMessage());
        }
    }

    private static ReplicationMessage message(List<SessionUpdate> updates) {
        return updates.size() == 1 ? updates.getFirst() : new UpdateBundle(updates);
    }

    @Override
    public void close() {
        sender.interrupt();
        try {
            sender.join(ackTimeout.toMillis() + 1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
