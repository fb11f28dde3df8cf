package io.replsim.replication.transport.stream;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Optional;

/**
 * One sender-side direct stream to a member: a frame out, its answer back, one exchange at a time. The sender's
 * deadline thread expires it (closes it) when the exchange's deadline passes while a frame is written or its
 * answer awaited.
 */
final class StreamConnection {
    /**
     * How long the server's answer to the challenge may take: longer than a connect (a loaded member answers late
     * now and then, and a stream not opened sends large messages through JGroups for 5 s), short of a sync timeout.
     */
    static final Duration CHALLENGE_ANSWER_TIMEOUT = Duration.ofSeconds(1);
    private final SocketChannel channel;
    private final DataInputStream in;
    private final StreamPool.MemberConnections owner;
    private final ByteBuffer header = ByteBuffer.allocate(Integer.BYTES);
    /**
     * The handshake's last bytes (the hello, or the proof of the secret), sent in the same write as the first frame;
     * null once sent.
     */
    private ByteBuffer pending;
    private volatile boolean expired;

    private StreamConnection(SocketChannel channel, StreamPool.MemberConnections owner) throws IOException {
        this.channel = channel;
        this.owner = owner;
        this.in = new DataInputStream(new BufferedInputStream(channel.socket().getInputStream()));
    }

    /**
     * Connects and, with a key, runs the challenge ({@link StreamHandshake}): the one round trip a stream costs,
     * once, since streams are pooled. A server that does not answer it within {@link #CHALLENGE_ANSWER_TIMEOUT} is
     * treated as one that cannot be reached.
     */
    static StreamConnection open(InetSocketAddress endpoint, Duration connectTimeout, StreamHello hello,
                                 Optional<PeerKey> key, StreamPool.MemberConnections owner) throws IOException {
        var channel = SocketChannel.open();
        try {
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.setOption(StandardSocketOptions.SO_SNDBUF, StreamServer.SOCKET_BUFFER_BYTES);
            channel.socket().connect(endpoint, (int) connectTimeout.toMillis());
            var connection = new StreamConnection(channel, owner);
            var helloBytes = new ByteArrayOutputStream();
            hello.writeTo(new DataOutputStream(helloBytes));
            byte[] nonce = StreamHandshake.senderNonce(key);
            helloBytes.write(nonce);
            if (key.isEmpty()) {
                connection.pending = ByteBuffer.wrap(helloBytes.toByteArray());
                return connection;
            }
            ByteBuffer offer = ByteBuffer.wrap(helloBytes.toByteArray());
            while (offer.hasRemaining()) {
                channel.write(offer);
            }
            channel.socket().setSoTimeout((int) CHALLENGE_ANSWER_TIMEOUT.toMillis());
            byte[] proof = StreamHandshake.answerServer(key, hello, nonce, connection.in);
            channel.socket().setSoTimeout(0);
            connection.pending = ByteBuffer.wrap(proof);
            return connection;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    StreamPool.MemberConnections owner() {
        return owner;
    }

    /** Writes one frame; throws when the stream is broken or {@link #expire expired}. */
    void send(byte[] frame, int length) throws IOException {
        if (expired) {
            throw new IOException("the deadline passed before sending");
        }
        header.clear().putInt(length).flip();
        ByteBuffer body = ByteBuffer.wrap(frame, 0, length);
        // One gathering write: the length and the bytes leave together and wake the reader once, without first
        // copying the frame into a stream buffer.
        ByteBuffer[] buffers = pending == null ? new ByteBuffer[] {header, body}
                : new ByteBuffer[] {pending, header, body};
        while (body.hasRemaining()) {
            channel.write(buffers);
        }
        pending = null;
    }

    /**
     * Reads the answer to the frame sent, blocking: the caller's deadline closes the stream ({@link #expire}) if it
     * passes first. {@code maxBytes} bounds what a broken peer can make us allocate.
     */
    byte[] receive(long maxBytes) throws IOException {
        int length = in.readInt();
        if (length <= 0 || length > maxBytes) {
            throw new IOException("an answer of " + length + " bytes (limit " + maxBytes + ")");
        }
        byte[] answer = new byte[length];
        in.readFully(answer);
        return answer;
    }

    /** Called at the deadline of an exchange still open: closing the socket unblocks its thread. */
    void expire() {
        expired = true;
        close();
    }

    boolean expired() {
        return expired;
    }

    void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing is all we wanted
        }
    }
}
