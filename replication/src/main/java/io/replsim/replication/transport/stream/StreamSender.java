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

/**
 * Sends one frame to several members over direct streams on the caller's thread: every frame is written first,
 * then the answers are read, so the backups apply in parallel. Nothing holds the caller past the deadline (by more
 * than {@link StreamDeadlines#TICK}): each answer is awaited, and each write of a frame too large for the socket
 * buffers is made, under a deadline that closes that stream, so a frozen backup cannot hold it even in the middle
 * of a write.
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

    /**
     * Frames up to this size are written without a deadline watching the write: half the socket buffers the streams
     * ask for ({@link StreamServer#SOCKET_BUFFER_BYTES}), which an idle stream takes whole.
     */
    static final int UNWATCHED_WRITE_BYTES = StreamServer.SOCKET_BUFFER_BYTES / 2;

    private final StreamPool pool;
    private final long maxAnswerBytes;
    private final StreamDeadlines deadlines;

    /** {@code key} proves the cluster secret to each server (and checks its proof); empty sends only a hello. */
    public StreamSender(String cluster, NodeId self, Optional<PeerKey> key, int maxConnectionsPerMember,
                        Duration connectTimeout, long maxAnswerBytes) {
        this.pool = new StreamPool(new StreamHello(cluster, self), key, maxConnectionsPerMember, connectTimeout);
        this.maxAnswerBytes = maxAnswerBytes;
        this.deadlines = new StreamDeadlines("stream-deadlines-" + self);
    }

    /** Sends {@code length} bytes of {@code frame} to every target; collects each one's outcome by the deadline. */
    public Map<NodeId, Outcome> exchange(byte[] frame, int length, Map<NodeId, InetSocketAddress> targets,
                                         long deadlineNanos) {
        Map<NodeId, Outcome> outcomes = new LinkedHashMap<>();
        List<Exchange> borrowed = new ArrayList<>(targets.size());
        for (var target : targets.entrySet()) {
            Optional<StreamConnection> connection = pool.borrow(target.getKey(), target.getValue());
            if (connection.isEmpty()) {
                outcomes.put(target.getKey(), new Outcome.NotDelivered("no stream available"));
            } else if (System.nanoTime() - deadlineNanos >= 0) {
                pool.release(connection.get()); // never used: the deadline passed while connecting
                outcomes.put(target.getKey(), new Outcome.TimedOut());
            } else {
                borrowed.add(new Exchange(target.getKey(), connection.get()));
            }
        }
        List<Exchange> sent = send(frame, length, borrowed, deadlineNanos, outcomes);
        receive(sent, deadlineNanos, outcomes);
        return outcomes;
    }

    /**
     * Reads every answer with a blocking read under a deadline that closes its stream if it passes first
     * ({@link StreamDeadlines}): a socket read timeout instead turned each wait into a non-blocking read, a poll and
     * four fcntl calls (docs/benchmarks.md, "replsim's replication alone, paced"). A watch per answer, not one for
     * all: an answer already here when a slower member's deadline passed is still taken, within a tick.
     */
    private void receive(List<Exchange> sent, long deadlineNanos, Map<NodeId, Outcome> outcomes) {
        for (Exchange exchange : sent) {
            StreamConnection connection = exchange.connection();
            StreamDeadlines.Watch watch = deadlines.watch(connection::expire, deadlineNanos);
            byte[] answer;
            try {
                answer = connection.receive(maxAnswerBytes);
            } catch (IOException e) {
                watch.lift();
                outcomes.put(exchange.target(), failed(exchange, e));
                continue;
            }
            if (watch.lift()) {
                pool.release(connection);
            } else {
                pool.discard(connection); // the deadline came just after the answer: the stream is being closed
            }
            outcomes.put(exchange.target(), new Outcome.Answered(answer));
        }
    }

    /**
     * Writes the frame to every borrowed stream. At the start of an exchange a stream has nothing in flight (the
     * last frame was answered, or the stream was closed), so a frame that fits the socket buffers is taken by the
     * kernel at once, even by a frozen backup: only a larger one can block, and only that write is watched by the
     * deadline thread ({@link StreamDeadlines}). Scheduling a deadline for every exchange woke that thread once per
     * update, which cost a small update about a sixth of its CPU (docs/benchmarks.md, "What one update costs"). A
     * watch per write, not one for all: a deadline that passes while a frozen member's write blocks closes that
     * stream alone, and the streams already written keep their answers.
     */
    private List<Exchange> send(byte[] frame, int length, List<Exchange> borrowed, long deadlineNanos,
                                Map<NodeId, Outcome> outcomes) {
        List<Exchange> sent = new ArrayList<>(borrowed.size());
        for (Exchange exchange : borrowed) {
            StreamConnection connection = exchange.connection();
            StreamDeadlines.Watch watch = length <= UNWATCHED_WRITE_BYTES ? null
                    : deadlines.watch(connection::expire, deadlineNanos);
            try {
                connection.send(frame, length);
                sent.add(exchange);
            } catch (IOException e) {
                outcomes.put(exchange.target(), failed(exchange, e));
            } finally {
                if (watch != null) {
                    watch.lift();
                }
            }
        }
        return sent;
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
        deadlines.close();
        pool.close();
    }
}
