package io.replsim.replication.transport.stream;

import io.replsim.replication.NodeId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * Accepts direct streams from the other members: one platform thread per connection reads a frame, has it applied
 * and writes the answer back on the same connection, so a large update crosses two threads (the sender's and this
 * one) instead of JGroups' eight. Only members of the current view are served, and only while no fault sits in
 * this member's JGroups stack: a closed connection sends the sender back through JGroups, where the fault applies.
 */
public final class StreamServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(StreamServer.class);
    /**
     * The whole handshake, not each read of it: a member's takes a round trip (and the member gives up after 1 s of
     * its own), so a peer that sends nothing, or a byte now and then, is not one, and keeps a thread no longer.
     */
    static final Duration HANDSHAKE_DEADLINE = Duration.ofSeconds(5);
    /** The kernel's socket buffers: a 64 KB session's frame fits whole, so a write rarely waits for the reader. */
    static final int SOCKET_BUFFER_BYTES = 1 << 17;

    /**
     * Applies one frame (a marshalled replication message) from a member; returns the marshalled answer. Each frame
     * is read into an array of its own, which the handler may keep: a backup holds a session's attributes as they
     * arrived, in the frame itself, and a reused buffer would make it copy them out first.
     */
    @FunctionalInterface
    public interface FrameHandler {
        byte[] handle(NodeId sender, byte[] frame);
    }

    /** Who may send and whether frames are taken now; asked for every connection, and for every frame. */
    public interface Admission {
        boolean isMember(NodeId sender);

        boolean takesFrames();

        /** Told of every connection turned away for failing the handshake (before its first frame), and why. */
        void refused(String reason);
    }

    private record Inbound(NodeId sender, Socket socket) {
    }

    private final ServerSocket server;
    private final String cluster;
    private final Optional<PeerKey> key;
    private final NodeId self;
    private final long maxFrameBytes;
    private final Admission admission;
    private final FrameHandler handler;
    private final Set<Inbound> inbound = ConcurrentHashMap.newKeySet();
    /** Closes the sockets of handshakes past their deadline ({@link HandshakeWatch}); idle but for new streams. */
    private final ScheduledThreadPoolExecutor handshakeDeadlines;

    private StreamServer(ServerSocket server, String cluster, Optional<PeerKey> key, NodeId self, long maxFrameBytes,
                         Admission admission, FrameHandler handler) {
        this.server = server;
        this.cluster = cluster;
        this.key = key;
        this.self = self;
        this.maxFrameBytes = maxFrameBytes;
        this.admission = admission;
        this.handler = handler;
        this.handshakeDeadlines = new ScheduledThreadPoolExecutor(1, runnable ->
                Thread.ofPlatform().daemon().name("stream-handshakes-" + self).unstarted(runnable));
        handshakeDeadlines.setRemoveOnCancelPolicy(true);
    }

    /**
     * Listens on an ephemeral port of {@code bind}; the port goes to the other members in the JGroups address. With
     * a {@code key}, a peer must prove the cluster secret before any frame of its is read ({@link StreamHandshake}).
     */
    public static StreamServer start(InetAddress bind, String cluster, Optional<PeerKey> key, NodeId self,
                                     long maxFrameBytes, Admission admission, FrameHandler handler)
            throws IOException {
        Objects.requireNonNull(bind, "bind");
        var socket = new ServerSocket();
        socket.setReceiveBufferSize(SOCKET_BUFFER_BYTES);
        socket.bind(new InetSocketAddress(bind, 0), 50);
        var server = new StreamServer(socket, Objects.requireNonNull(cluster, "cluster"),
                Objects.requireNonNull(key, "key"), Objects.requireNonNull(self, "self"), maxFrameBytes, Objects.requireNonNull(admission, "admission"),
                Objects.requireNonNull(handler, "handler"));
        Thread.ofPlatform().daemon().name("stream-accept-" + self).start(server::acceptAll);
        return server;
    }

    public InetSocketAddress endpoint() {
        return (InetSocketAddress) server.getLocalSocketAddress();
    }

    /** Closes the streams of senders that are no longer members (their updates must not land after the view). */
    public void dropAllBut(Set<NodeId> members) {
        for (Inbound connection : inbound) {
            if (!members.contains(connection.sender())) {
                closeQuietly(connection.socket());
            }
        }
    }

    private void acceptAll() {
        try {
            while (true) {
                Socket peer = server.accept();
                Thread.ofPlatform().daemon().name("stream-in-" + self).start(() -> serve(peer));
            }
        } catch (IOException closed) {
            // the server socket is closed: this member leaves
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            // A small read buffer: a frame larger than it is read straight into the frame's array, not copied through.
            // No read timeout on it, ever: the handshake's deadline closes the socket instead (HandshakeWatch).
            var in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            var out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            var watch = HandshakeWatch.start(socket, HANDSHAKE_DEADLINE, handshakeDeadlines);
            StreamHandshake.Result handshake;
            try {
                handshake = StreamHandshake.accept(key, cluster, in, out);
            } catch (IOException broken) {
                if (!watch.expired()) {
                    throw broken;
                }
                handshake = new StreamHandshake.Result.Refused(watch.reason());
            } finally {
                watch.lift();
            }
            if (watch.expired() && handshake instanceof StreamHandshake.Result.Proven) {
                return; // proven just as the deadline closed the socket: nothing more can be read from it
            }
            // A handshake that breaks off before its deadline (the peer hung up) ends in the outer catch, uncounted:
            // a member whose own wait ran out under load does that too, and nothing of the peer's was read.
            NodeId sender;
            switch (handshake) {
                case StreamHandshake.Result.Refused(String reason) -> {
                    log.warn("refused a direct stream from {}: {}", socket.getRemoteSocketAddress(), reason);
                    admission.refused(reason);
                    return;
                }
                // Past the handshake the peer proved the secret (or none is asked): another cluster's member, or
                // one not in this view yet or any more, which is no stranger: closed on, uncounted; a member then
                // sends through JGroups.
                case StreamHandshake.Result.Proven(StreamHello hello) when !hello.cluster().equals(cluster) -> {
                    log.info("closed a direct stream from {}: not of cluster {}: {}", socket.getRemoteSocketAddress(),
                            cluster, hello);
                    return;
                }
                case StreamHandshake.Result.Proven(StreamHello hello) when !admission.isMember(hello.sender()) -> {
                    log.info("closed a direct stream from {}: not a member of the current view: {}",
                            socket.getRemoteSocketAddress(), hello);
                    return;
                }
                case StreamHandshake.Result.Proven(StreamHello hello) -> sender = hello.sender();
            }
            var connection = new Inbound(sender, socket);
            inbound.add(connection);
            try {
                serveFrames(connection.sender(), in, out);
            } finally {
                inbound.remove(connection);
            }
        } catch (IOException closed) {
            // the sender closed the stream, left, or this member is closing
        }
    }

    private void serveFrames(NodeId sender, DataInputStream in, DataOutputStream out) throws IOException {
        // A loop that only calls: at a node's few hundred frames a second a loop's own body runs interpreted for
        // minutes (HotSpot compiles a loop on its stack after 60,000 turns, counted over all stream threads), where
        // a method called as often is compiled within seconds (docs/benchmarks.md, "Paced as in a node").
        boolean open = true;
        while (open) {
            open = serveFrame(sender, in, out);
        }
    }

    /** Reads one frame, has it applied and answers it; false when the stream is to be closed. */
    private boolean serveFrame(NodeId sender, DataInputStream in, DataOutputStream out) throws IOException {
        int length = in.readInt();
        if (length <= 0 || length > maxFrameBytes) {
            log.warn("closed the direct stream from {}: a frame of {} bytes (limit {})", sender, length,
                    maxFrameBytes);
            return false;
        }
        byte[] frame = new byte[length];
        in.readFully(frame);
        if (!admission.takesFrames() || !admission.isMember(sender)) {
            return false; // unapplied: the sender sees the stream close and sends it again through JGroups
        }
        byte[] answer = handler.handle(sender, frame);
        out.writeInt(answer.length);
        out.write(answer);
        out.flush();
        return true;
    }

    @Override
    public void close() {
        closeQuietly(server);
        handshakeDeadlines.shutdownNow();
        for (Inbound connection : inbound) {
            closeQuietly(connection.socket());
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (SocketException alreadyClosed) {
            // nothing to do
        } catch (Exception e) {
            log.debug("closing a direct stream failed", e);
        }
    }
}
