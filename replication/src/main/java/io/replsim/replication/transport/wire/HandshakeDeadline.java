package io.replsim.replication.transport.wire;

import java.io.FilterInputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A socket's input under one deadline for a whole handshake, not one per read: each read may wait only for what is
 * left of it, so a peer that sends a byte now and then (a drip) is cut off when the deadline passes, however
 * regularly it sends. A read at or past the deadline throws {@link SocketTimeoutException}. {@link #lift} ends it
 * once the handshake is done.
 */
public final class HandshakeDeadline extends FilterInputStream {
    private final Socket socket;
    private final Duration limit;
    private final long deadlineNanos;
    private volatile boolean lifted;

    public HandshakeDeadline(Socket socket, Duration limit) throws IOException {
        super(socket.getInputStream());
        this.socket = socket;
        this.limit = limit;
        this.deadlineNanos = System.nanoTime() + limit.toNanos();
    }

    @Override
    public int read() throws IOException {
        arm();
        return super.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        arm();
        return super.read(b, off, len);
    }

    @Override
    public long skip(long n) throws IOException {
        arm();
        return super.skip(n);
    }

    /** The handshake is done: reads wait as long as they like from here on. */
    public void lift() throws SocketException {
        lifted = true;
        socket.setSoTimeout(0);
    }

    private void arm() throws IOException {
        if (lifted) {
            return;
        }
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
            throw new SocketTimeoutException("no handshake within " + limit.toMillis() + " ms");
        }
        socket.setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE,
                TimeUnit.NANOSECONDS.toMillis(left + TimeUnit.MILLISECONDS.toNanos(1) - 1))));
    }
}
