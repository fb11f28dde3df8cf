package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.SnapshotMode;
import io.replsim.replication.session.SessionStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Snapshot mode interval's sender: every period, on a thread of its own, replicates each session requests changed
 * since the last send, once. A send that waits for its backups (sync delivery) delays the next one rather than
 * overlapping it. Under snapshot mode instant it runs nothing.
 */
final class IntervalSnapshots implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(IntervalSnapshots.class);

    private final Optional<ScheduledExecutorService> timer;
    private final AtomicLong rounds = new AtomicLong();

    private IntervalSnapshots(Optional<ScheduledExecutorService> timer) {
        this.timer = timer;
    }

    static IntervalSnapshots start(NodeId self, SessionStore store, SnapshotMode mode) {
        if (!(mode instanceof SnapshotMode.Interval interval)) {
            return new IntervalSnapshots(Optional.empty());
        }
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "interval-snapshots-" + self.name());
            thread.setDaemon(true);
            return thread;
        });
        var snapshots = new IntervalSnapshots(Optional.of(timer));
        long millis = Math.max(1, interval.period().toMillis());
        timer.scheduleWithFixedDelay(() -> snapshots.send(store), millis, millis, TimeUnit.MILLISECONDS);
        return snapshots;
    }

    /** One failed send must not end the schedule (an uncaught exception would cancel it). */
    private void send(SessionStore store) {
        try {
            store.replicateQueued();
        } catch (RuntimeException e) {
            log.warn("replicating the interval's changed sessions failed; next send as planned", e);
        } finally {
            rounds.incrementAndGet();
        }
    }

    /** Sends done since the start, failed ones included: a test's clock that does not depend on the machine's. */
    long rounds() {
        return rounds.get();
    }

    /**
     * Stops the sender, letting a send under way finish. What is still queued is not sent: a stopped node's backups
     * keep what the last send gave them, as after a crash.
     */
    @Override
    public void close() {
        timer.ifPresent(executor -> {
            executor.shutdown();
            try {
                if (!executor.awaitTermination(Duration.ofSeconds(5).toMillis(), TimeUnit.MILLISECONDS)) {
                    executor.shutdownNow();
                }
            } catch (InterruptedException e) {
                executor.shutdownNow();
                Thread.currentThread().interrupt();
            }
        });
    }
}
