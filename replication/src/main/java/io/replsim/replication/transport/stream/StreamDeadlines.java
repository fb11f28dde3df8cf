package io.replsim.replication.transport.stream;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * The deadlines of the direct streams' exchanges (a large frame being written, the answers awaited): one thread
 * looks every {@link #TICK} and expires those whose deadline has passed. A timer task per write woke the timer's
 * thread on every 64 KB update (scheduling signals it whenever its queue was empty, which between two updates it
 * always is), and a socket read timeout made every wait for an answer a non-blocking read, a poll and four fcntl
 * calls (docs/benchmarks.md, "replsim's replication alone, paced"). Watching here is an add to a set and its
 * removal; the ticks cost the same whatever the traffic, and a deadline is kept within a tick.
 */
final class StreamDeadlines implements AutoCloseable {
    static final Duration TICK = Duration.ofMillis(20);

    private final Set<Watch> watched = ConcurrentHashMap.newKeySet();
    private final Thread ticker;
    private volatile boolean closed;

    StreamDeadlines(String name) {
        this.ticker = Thread.ofPlatform().daemon().name(name).start(this::tick);
    }

    /** Runs {@code expire} once {@code deadlineNanos} ({@link System#nanoTime}) passes, unless closed before. */
    Watch watch(Runnable expire, long deadlineNanos) {
        var watch = new Watch(expire, deadlineNanos);
        watched.add(watch);
        return watch;
    }

    private void tick() {
        while (!closed) {
            LockSupport.parkNanos(TICK.toNanos());
            long now = System.nanoTime();
            for (Watch watch : watched) {
                if (now - watch.deadlineNanos >= 0 && watched.remove(watch)) {
                    watch.expire.run();
                }
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(ticker);
    }

    /** One write's or wait's deadline; {@link #lift} it when that is done. */
    final class Watch {
        private final Runnable expire;
        private final long deadlineNanos;

        private Watch(Runnable expire, long deadlineNanos) {
            this.expire = expire;
            this.deadlineNanos = deadlineNanos;
        }

        /** Done before the deadline: true unless the deadline thread took it first and expires it. */
        boolean lift() {
            return watched.remove(this);
        }
    }
}
