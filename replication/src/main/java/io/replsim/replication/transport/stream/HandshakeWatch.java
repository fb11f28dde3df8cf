package io.replsim.replication.transport.stream;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One deadline for a stream's whole handshake, kept by closing the socket when it passes rather than by read
 * timeouts: a JDK socket read once with a timeout turns non-blocking for good (NioSocketImpl), and every frame of the
 * stream after it would then be read as a read that finds nothing, a poll and a read again, where a blocking socket
 * takes one read (docs/benchmarks.md, "The floor beside a node"). A peer that sends a byte now and then is cut off at
 * the deadline all the same: its socket is closed under the read. A stream is opened once per pooled connection, so
 * the timer's task is paid per connection, not per frame.
 */
final class HandshakeWatch {
    private final Duration limit;
    private final ScheduledFuture<?> closing;
    private volatile boolean expired;

    private HandshakeWatch(Socket socket, Duration limit, ScheduledExecutorService timer) {
        this.limit = limit;
        this.closing = timer.schedule(() -> {
            expired = true;
            try {
                socket.close();
            } catch (IOException alreadyClosed) {
                // closed is all we wanted
            }
        }, limit.toNanos(), TimeUnit.NANOSECONDS);
    }

    static HandshakeWatch start(Socket socket, Duration limit, ScheduledExecutorService timer) {
        return new HandshakeWatch(socket, limit, timer);
    }

    /** Whether the deadline passed and closed the socket: what broke a read then was the deadline, not the peer. */
    boolean expired() {
        return expired;
    }

    String reason() {
        return "no handshake within " + limit.toSeconds() + " s";
    }

    /** The handshake is over, whichever way: the socket is not closed for it any more. */
    void lift() {
        closing.cancel(false);
    }
}
