package io.replsim.loadgen.exchange;

import java.time.Duration;
import java.util.Collection;

/**
 * Ends the requests that outlive the request timeout: one platform thread looks over the client's connections every
 * tenth of the timeout (at least every 500 ms) and closes those whose request is past its deadline, which ends the
 * blocked read as a timeout. This replaces a socket read timeout, which makes every read of every request a timed
 * park of its virtual thread (a timer set and cancelled each time: about a tenth of the driver's CPU at full
 * speed); a timeout is now seen at most one tick late. The tick is not shorter since each look goes over every
 * connection: at 10,000 users, 20 looks a second took a sixth of the driver's CPU samples.
 */
final class RequestDeadlines implements AutoCloseable {

    private static final Duration SHORTEST_TICK = Duration.ofMillis(5);
    private static final Duration LONGEST_TICK = Duration.ofMillis(500);

    private final Collection<HttpConnection> connections;
    private final long tickNanos;
    private final Thread thread;
    private volatile boolean closed;

    RequestDeadlines(Collection<HttpConnection> connections, Duration timeout) {
        this.connections = connections;
        Duration tick = Duration.ofNanos(timeout.toNanos() / 10);
        this.tickNanos = (tick.compareTo(SHORTEST_TICK) < 0 ? SHORTEST_TICK
                : tick.compareTo(LONGEST_TICK) > 0 ? LONGEST_TICK : tick).toNanos();
        this.thread = Thread.ofPlatform().daemon().name("replsim-request-deadlines").start(this::watch);
    }

    private void watch() {
        while (!closed) {
            long now = System.nanoTime();
            for (HttpConnection connection : connections) {
                connection.expireIfLate(now);
            }
            java.util.concurrent.locks.LockSupport.parkNanos(tickNanos);
        }
    }

    @Override
    public void close() {
        closed = true;
        java.util.concurrent.locks.LockSupport.unpark(thread);
        try {
            thread.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
