package io.replsim.replication.transport.stream;

import io.replsim.replication.NodeId;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Sends one frame to several members over direct streams on the caller's thread: every frame is written first,
 * then the answers are read, so the backups apply in parallel. A deadline closes whatever is still open, so a
 * frozen backup cannot hold the caller past its timeout even in the middle of a write.
 */
public final class StreamSender implements AutoCloseable {
    /** What became of the frame at one member. */
    public sealed interface Outcome {
        /** The member applied it (or refused it) and answered. */
        record Answered(byte[] answer) implements Outcome {
        }

        /** Sent, but no answer before the deadline: the member may or may not have applied it. */
        record TimedOut() implements Outcome {
        }

        /** Not applied: no stream to be had, or it broke before the answer; the caller may send it another way. */
        record NotDelivered(String reason) implements Outcome {
        }
    }

    private record Exchange(NodeId target, StreamConnection connection) {
    }

    /** The exchanges of one call not answered yet; the deadline expires exactly these. */
    private static final class Pending {
        private final List<Exchange> open = new ArrayList<>();
        private boolean timeUp;

        synchronized boolean add(Exchange exchange) {
            if (!timeUp) {
                open.add(exchange);
            }
            return !timeUp;
        }

        synchronized void done(Exchange exchange) {
            open.remove(exchange);
        }

        synchronized void expireAll() {
            timeUp = true;
            open.forEach(exchange -> exchange.connection().expire());
        }
    }

    private final StreamPool pool;
    private final long maxAnswerBytes;
    private final ScheduledThreadPoolExecutor deadlines;

    /** {@code key} proves the cluster secret to each server (and checks its proof); empty sends only a hello. */
    public StreamSender(String cluster, NodeId self, Optional<PeerKey> key, int maxConnectionsPerMember,
                        Duration connectTimeout, long maxAnswerBytes) {
        this.pool = new StreamPool(new StreamHello(cluster, self), key, maxConnectionsPerMember, connectTimeout);
        this.maxAnswerBytes = maxAnswerBytes;
        this.deadlines = new ScheduledThreadPoolExecutor(1, runnable ->
                Thread.ofPlatform().daemon().name("stream-deadlines-" + self).unstarted(runnable));
        deadlines.setRemoveOnCancelPolicy(true);
    }

    /** Sends {@code length} bytes of {@code frame} to every target; collects each one's outcome by the deadline. */
    public Map<NodeId, Outcome> exchange(byte[] frame, int length, Map<NodeId, InetSocketAddress> targets,
                                         long deadlineNanos) {
        Map<NodeId, Outcome> outcomes = new LinkedHashMap<>();
        var pending = new Pending();
        ScheduledFuture<?> deadline = deadlines.schedule(pending::expireAll,
                Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        try {
            List<Exchange> borrowed = new ArrayList<>(targets.size());
            for (var target : targets.entrySet()) {
                Optional<StreamConnection> connection = pool.borrow(target.getKey(), target.getValue());
                if (connection.isEmpty()) {
                    outcomes.put(target.getKey(), new Outcome.NotDelivered("no stream available"));
                    continue;
                }
                var exchange = new Exchange(target.getKey(), connection.get());
                if (pending.add(exchange)) {
                    borrowed.add(exchange);
                } else {
                    pool.release(connection.get()); // never used: the deadline passed while connecting
                    outcomes.put(target.getKey(), new Outcome.TimedOut());
                }
            }
            List<Exchange> sent = new ArrayList<>(borrowed.size());
            for (Exchange exchange : borrowed) {
                try {
                    exchange.connection().send(frame, length);
                    sent.add(exchange);
                } catch (IOException e) {
                    outcomes.put(exchange.target(), failed(exchange, e));
                }
            }
            for (Exchange exchange : sent) {
                try {
                    byte[] answer = exchange.connection().receive(maxAnswerBytes);
                    pending.done(exchange);
                    pool.release(exchange.connection()); // closed instead if the deadline came just after the answer
                    outcomes.put(exchange.target(), new Outcome.Answered(answer));
                } catch (IOException e) {
                    outcomes.put(exchange.target(), failed(exchange, e));
                }
            }
        } finally {
            deadline.cancel(false);
        }
        return outcomes;
    }

    private Outcome failed(Exchange exchange, IOException e) {
        pool.discard(exchange.connection());
        return exchange.connection().expired() ? new Outcome.TimedOut()
                : new Outcome.NotDelivered(e.getClass().getSimpleName() + ": " + e.getMessage());
    }

    /** Forgets the streams of members that left, or whose stream server moved. */
    public void retain(Map<NodeId, InetSocketAddress> current) {
        pool.retain(current);
    }

    @Override
    public void close() {
        deadlines.shutdownNow();
        pool.close();
    }
}
