package io.replsim.replication.transport.stream;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * The deadlines of large frames being written: one thread looks every {@link #TICK} and expires the writes whose
 * deadline has passed. A timer task per write woke the timer's thread on every 64 KB update (scheduling signals it
 * whenever its queue was empty, which between two updates it always is): a system call on the sender's thread and a
 * wake-up of another, per update. Watching here is an add to a set and its removal; the ticks cost the same whatever
 * the traffic, and a deadline is kept within a tick.
 */
final class WriteDeadlines implements AutoCloseable {
    static final Duration TICK = Duration.ofMillis(20);

    private final Set<Watch> watched = ConcurrentHashMap.newKeySet();
    private final Thread ticker;
    private volatile boolean closed;

    WriteDeadlines(String name) {
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

    /** One write's deadline; {@link #close} it when the write is done. */
    final class Watch implements AutoCloseable {
        private final Runnable expire;
        private final long deadlineNanos;

        private Watch(Runnable expire, long deadlineNanos) {
            this.expire = expire;
            this.deadlineNanos = deadlineNanos;
        }

        @Override
        public void close() {
            watched.remove(this);
        }
    }
}
