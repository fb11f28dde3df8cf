package io.replsim.replication.transport.stream;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One sender-side direct stream to a member: a frame out, its answer back, one exchange at a time. A read past the
 * exchange's deadline expires it, and so may a watchdog on another thread while a large frame is written.
 */
final class StreamConnection {
    private final SocketChannel channel;
    private final DataInputStream in;
    private final StreamPool.MemberConnections owner;
    private final ByteBuffer header = ByteBuffer.allocate(Integer.BYTES);
    /** The hello, sent in the same write as the first frame; null once sent. */
    private ByteBuffer hello;
    private volatile boolean expired;

    private StreamConnection(SocketChannel channel, ByteBuffer hello, StreamPool.MemberConnections owner)
            throws IOException {
        this.channel = channel;
        this.hello = hello;
        this.owner = owner;
        this.in = new DataInputStream(new BufferedInputStream(channel.socket().getInputStream()));
    }

    static StreamConnection open(InetSocketAddress endpoint, Duration connectTimeout, StreamHello hello,
                                 StreamPool.MemberConnections owner) throws IOException {
        var channel = SocketChannel.open();
        try {
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.setOption(StandardSocketOptions.SO_SNDBUF, StreamServer.SOCKET_BUFFER_BYTES);
            channel.socket().connect(endpoint, (int) connectTimeout.toMillis());
            var helloBytes = new ByteArrayOutputStream();
            hello.writeTo(new DataOutputStream(helloBytes));
            return new StreamConnection(channel, ByteBuffer.wrap(helloBytes.toByteArray()), owner);
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
        ByteBuffer[] buffers = hello == null ? new ByteBuffer[] {header, body} : new ByteBuffer[] {hello, header, body};
        while (body.hasRemaining()) {
            channel.write(buffers);
        }
        hello = null;
    }

    /**
     * Reads the answer to the frame sent, waiting until {@code deadlineNanos} at most (then the stream is
     * {@link #expire expired}: an answer may still be on its way); {@code maxBytes} bounds what a broken peer can
     * make us allocate. The wait is the socket's own read timeout, so no other thread is woken per exchange.
     */
    byte[] receive(long maxBytes, long deadlineNanos) throws IOException {
        // At least a millisecond: zero would mean no timeout, and an answer already here is still taken.
        long remainingMillis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime()));
        channel.socket().setSoTimeout((int) Math.min(Integer.MAX_VALUE, remainingMillis));
        try {
            return receive(maxBytes);
        } catch (SocketTimeoutException e) {
            expire();
            throw e;
        }
    }

    private byte[] receive(long maxBytes) throws IOException {
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
