package io.replsim.replication.transport.wire;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A raw client on a member's port: sends bytes at once or one at a time, then reads until the member closes the
 * connection. For tests: whether (and when) the member turned the stranger away is what they judge.
 */
public final class Stranger implements AutoCloseable {
    private final Socket socket;
    private volatile int sent;

    private Stranger(Socket socket) {
        this.socket = socket;
    }

    public static Stranger connect(InetSocketAddress port) throws IOException {
        var socket = new Socket();
        socket.connect(port, 5_000);
        return new Stranger(socket);
    }

    /**
     * Connects to {@code port}, sends {@code bytes} (at once when {@code drip} is zero, else a byte every {@code drip})
     * and reports whether the member closed the connection within {@code patience}.
     */
    public static boolean turnedAway(InetSocketAddress port, byte[] bytes, Duration drip, Duration patience)
            throws IOException, InterruptedException {
        try (Stranger stranger = connect(port)) {
            if (drip.isZero()) {
                stranger.send(bytes);
            } else {
                stranger.drip(bytes, drip);
            }
            return stranger.closedWithin(patience);
        }
    }

    /** The stranger's own end of the connection, as the member sees it: {@code /127.0.0.1:54321}. */
    public InetSocketAddress localAddress() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    /** Writes {@code bytes} at once. */
    public Stranger send(byte[] bytes) throws IOException {
        socket.getOutputStream().write(bytes);
        socket.getOutputStream().flush();
        sent += bytes.length;
        return this;
    }

    /**
     * Writes {@code bytes} one at a time, {@code interval} apart; stops early, without an error, once the member
     * closed the connection. Returns whether every byte went out.
     */
    public boolean drip(byte[] bytes, Duration interval) throws InterruptedException {
        OutputStream out;
        try {
            out = socket.getOutputStream();
            for (byte b : bytes) {
                if (closedByPeer()) {
                    return false;
                }
                out.write(b);
                out.flush();
                sent++;
                TimeUnit.NANOSECONDS.sleep(interval.toNanos());
            }
            return true;
        } catch (IOException closed) {
            return false;
        }
    }

    /** How many bytes went out so far. */
    public int sent() {
        return sent;
    }

    /**
     * Waits up to {@code patience} for the member to close the connection (an end of stream or a reset); anything
     * it answers before is read and dropped. False when it is still open at the end.
     */
    public boolean closedWithin(Duration patience) throws IOException {
        long deadline = System.nanoTime() + patience.toNanos();
        InputStream in = socket.getInputStream();
        byte[] answer = new byte[1024];
        while (true) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return false;
            }
            socket.setSoTimeout((int) left);
            try {
                if (in.read(answer) < 0) {
                    return true;
                }
            } catch (SocketTimeoutException stillOpen) {
                return false;
            } catch (SocketException reset) {
                return true;
            }
        }
    }

    /** Whether the member closed the connection already (checked without waiting). */
    private boolean closedByPeer() throws IOException {
        socket.setSoTimeout(1);
        try {
            return socket.getInputStream().read() < 0;
        } catch (SocketTimeoutException open) {
            return false;
        } catch (SocketException reset) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
