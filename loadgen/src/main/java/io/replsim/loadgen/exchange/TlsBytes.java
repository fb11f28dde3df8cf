package io.replsim.loadgen.exchange;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import java.io.EOFException;
import java.io.IOException;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.security.cert.CertificateException;

/**
 * https: application bytes through an {@link SSLEngine} in client mode on a non-blocking channel. The handshake
 * goes on inside {@link #write} as the channel allows, the first request's bytes following it at once. The peer's
 * close ({@code close_notify}, or the connection's end) reads as the end of the stream, as on a plain channel, so a
 * kept-alive connection the server closed is retried the same way.
 *
 * <p>Its three buffers are kept in read mode (the bytes between position and limit are the ones held) and start
 * small: the counter's answers are a few hundred bytes, and an engine asks for more room
 * ({@code BUFFER_OVERFLOW}, or {@code BUFFER_UNDERFLOW} with a full buffer) only when a record needs it.
 */
final class TlsBytes implements ChannelBytes {

    private static final int INITIAL_BUFFER = 4096;

    private final SocketChannel channel;
    private final SSLEngine engine;
    private final String address;
    /** Application bytes to wrap when the engine has some of its own to send and nothing of ours. */
    private final ByteBuffer nothing = ByteBuffer.allocate(0);
    /** Bytes read from the channel and not yet unwrapped: the start of a record whose rest has not come. */
    private ByteBuffer netIn = ByteBuffer.allocate(INITIAL_BUFFER).flip();
    /** Wrapped bytes the channel has not taken yet. */
    private ByteBuffer netOut = ByteBuffer.allocate(INITIAL_BUFFER).flip();
    /** Unwrapped application bytes not yet read. */
    private ByteBuffer appIn = ByteBuffer.allocate(INITIAL_BUFFER).flip();
    private boolean handshaken;
    /** Whether the server's bytes ended, with its close_notify or without. */
    private boolean ended;

    /**
     * @param engine  a client engine for the node (see {@link ClientTls#engineFor})
     * @param address the node's address as errors name it, {@code host:port}
     */
    TlsBytes(SocketChannel channel, SSLEngine engine, String address) throws SSLException {
        this.channel = channel;
        this.engine = engine;
        this.address = address;
        engine.beginHandshake();
    }

    @Override
    public int write(ByteBuffer bytes) throws IOException {
        try {
            while (true) {
                if (!flush()) {
                    return SelectionKey.OP_WRITE;
                }
                switch (engine.getHandshakeStatus()) {
                    case NEED_TASK -> runTasks();
                    case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                        int unwrapped = unwrap();
                        if (unwrapped == 0) {
                            return SelectionKey.OP_READ;
                        }
                        if (unwrapped < 0) {
                            throw new EOFException("the server closed the connection");
                        }
                    }
                    case NEED_WRAP -> wrap(bytes); // handshake messages only: the engine takes none of ours yet
                    case NOT_HANDSHAKING, FINISHED -> {
                        handshaken = true;
                        if (!bytes.hasRemaining()) {
                            return 0;
                        }
                        wrap(bytes);
                    }
                }
            }
        } catch (IOException e) {
            if (handshaken) {
                throw e;
            }
            throw handshakeFailed(e);
        }
    }

    @Override
    public int read(ByteBuffer into) throws IOException {
        try {
            while (true) {
                if (appIn.hasRemaining()) {
                    return moveTo(into);
                }
                if (ended) {
                    return -1;
                }
                boolean flushed = flush();
                switch (engine.getHandshakeStatus()) {
                    case NEED_TASK -> runTasks();
                    case NEED_WRAP -> { // the engine answers something of the server's, a key update say
                        if (!flushed) {
                            return 0;
                        }
                        wrap(nothing);
                    }
                    default -> {
                        int unwrapped = unwrap();
                        if (unwrapped == 0) {
                            return 0;
                        }
                        if (unwrapped < 0) {
                            ended = true;
                        }
                    }
                }
            }
        } catch (SSLException e) {
            throw new SSLException("TLS with " + address + " failed: " + e, e);
        }
    }

    /**
     * Always: the handshake's last flight may have brought application bytes with it, read from the channel then
     * and kept here, which no readiness event announces again. A read that finds nothing costs a system call, and
     * only after the handshake or a write that had to wait: every other event is a readable one.
     */
    @Override
    public boolean mayRead(SelectionKey selected) {
        return true;
    }

    @Override
    public int readInterest() {
        return netOut.hasRemaining() ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ;
    }

    /** Sends close_notify if the channel takes it now, as the blocking client's socket does when closed. */
    @Override
    public void closing() {
        try {
            engine.closeOutbound();
            netOut.compact();
            try {
                engine.wrap(nothing, netOut);
            } finally {
                netOut.flip();
            }
            channel.write(netOut);
        } catch (IOException | RuntimeException ignored) {
            // the connection is going either way; a server that misses the goodbye sees the connection end
        }
    }

    /**
     * Unwraps a record of what came, reading the channel first when no whole record is held: 1 when one was
     * unwrapped (or the engine has a step of its own to take), 0 when the channel has nothing more yet, -1 at the
     * end of the server's bytes.
     */
    private int unwrap() throws IOException {
        while (true) {
            SSLEngineResult result;
            appIn.compact();
            try {
                result = engine.unwrap(netIn, appIn);
            } finally {
                appIn.flip();
            }
            switch (result.getStatus()) {
                case OK, BUFFER_UNDERFLOW -> {
                    // an OK that took nothing and leaves nothing else to do waits for the server, as an underflow
                    if (result.getStatus() == Status.OK && (result.bytesConsumed() > 0 || result.bytesProduced() > 0
                            || !waitsForServer(result))) {
                        return 1;
                    }
                    int read = fill();
                    if (read <= 0) {
                        return read;
                    }
                }
                case BUFFER_OVERFLOW -> appIn = enlarged(appIn, engine.getSession().getApplicationBufferSize());
                case CLOSED -> {
                    return -1;
                }
            }
        }
    }

    private static boolean waitsForServer(SSLEngineResult result) {
        HandshakeStatus status = result.getHandshakeStatus();
        return status == HandshakeStatus.NOT_HANDSHAKING || status == HandshakeStatus.NEED_UNWRAP;
    }

    /** Reads what the channel has after the bytes held, the buffer enlarged first if a record does not fit it. */
    private int fill() throws IOException {
        if (netIn.remaining() == netIn.capacity()) {
            netIn = enlarged(netIn, engine.getSession().getPacketBufferSize());
        }
        netIn.compact();
        try {
            return channel.read(netIn);
        } finally {
            netIn.flip();
        }
    }

    private void wrap(ByteBuffer from) throws IOException {
        while (true) {
            SSLEngineResult result;
            netOut.compact();
            try {
                result = engine.wrap(from, netOut);
            } finally {
                netOut.flip();
            }
            switch (result.getStatus()) {
                case OK -> {
                    return;
                }
                case BUFFER_OVERFLOW -> netOut = enlarged(netOut, engine.getSession().getPacketBufferSize());
                case CLOSED -> throw new SocketException("the TLS connection to " + address + " is closed");
                case BUFFER_UNDERFLOW -> throw new IllegalStateException("a wrap wanted more bytes: " + result);
            }
        }
    }

    /** Writes the wrapped bytes waiting; whether none is left. */
    private boolean flush() throws IOException {
        if (netOut.hasRemaining()) {
            channel.write(netOut);
        }
        return !netOut.hasRemaining();
    }

    /**
     * The engine's slow steps (checking the certificate chain, the key agreement), run here on the loop's thread: a
     * driver's loop has no other work it could do meanwhile, and they come once per connection.
     */
    private void runTasks() {
        for (Runnable task; (task = engine.getDelegatedTask()) != null; ) {
            task.run();
        }
    }

    private int moveTo(ByteBuffer into) {
        int moved = Math.min(appIn.remaining(), into.remaining());
        into.put(into.position(), appIn, appIn.position(), moved);
        into.position(into.position() + moved);
        appIn.position(appIn.position() + moved);
        return moved;
    }

    /** A buffer holding what {@code held} holds, with room for {@code room} bytes more and twice its size at least. */
    private static ByteBuffer enlarged(ByteBuffer held, int room) {
        ByteBuffer larger = ByteBuffer.allocate(Math.max(held.capacity() * 2, held.remaining() + room));
        return larger.put(held).flip();
    }

    private SSLHandshakeException handshakeFailed(IOException e) {
        String hint = "";
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CertificateException) {
                hint = "; is the node's certificate, or its issuer's, in the trust store the driver uses"
                        + " (javax.net.ssl.trustStore, else the JDK's cacerts)?";
                break;
            }
        }
        SSLHandshakeException failed = new SSLHandshakeException("the TLS handshake with " + address + " failed: " + e
                + hint);
        failed.initCause(e);
        return failed;
    }
}
