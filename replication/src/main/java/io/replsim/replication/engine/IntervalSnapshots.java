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
 * since the last send, once. A round that waits for its backups (sync delivery) delays the next one rather than
 * overlapping it (the next starts a period after it ended); a round longer than the period is late, counted and
 * warned of, since the backups then lag further behind than the interval says. Under snapshot mode instant it runs
 * nothing.
 */
final class IntervalSnapshots implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(IntervalSnapshots.class);

    private final Optional<ScheduledExecutorService> timer;
    private final Duration period;
    private final AtomicLong rounds = new AtomicLong();
    private final AtomicLong lateRounds = new AtomicLong();

    private IntervalSnapshots(Optional<ScheduledExecutorService> timer, Duration period) {
        this.timer = timer;
        this.period = period;
    }

    static IntervalSnapshots start(NodeId self, SessionStore store, SnapshotMode mode) {
        if (!(mode instanceof SnapshotMode.Interval interval)) {
            return new IntervalSnapshots(Optional.empty(), Duration.ZERO);
        }
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "interval-snapshots-" + self.name());
            thread.setDaemon(true);
            return thread;
        });
        long millis = Math.max(1, interval.period().toMillis());
        var snapshots = new IntervalSnapshots(Optional.of(timer), Duration.ofMillis(millis));
        timer.scheduleWithFixedDelay(() -> snapshots.send(store), millis, millis, TimeUnit.MILLISECONDS);
        return snapshots;
    }

    /** One failed send must not end the schedule (an uncaught exception would cancel it). */
    private void send(SessionStore store) {
        long start = System.nanoTime();
        int sent = 0;
        try {
            sent = store.replicateQueued();
        } catch (RuntimeException e) {
            log.warn("replicating the interval's changed sessions failed; next send as planned", e);
        } finally {
            noteDuration(Duration.ofNanos(System.nanoTime() - start), sent);
            rounds.incrementAndGet();
        }
    }

    /** The first late round is warned of, then every hundredth: a log line per round would drown the node's log. */
    private void noteDuration(Duration took, int sent) {
        if (took.compareTo(period) <= 0) {
            return;
        }
        long late = lateRounds.incrementAndGet();
        if (late == 1 || late % 100 == 0) {
            log.warn("snapshot round {} took {} ms for {} sessions, longer than the {} ms interval ({} late rounds so"
                    + " far): the backups lag more than the interval; a slow backup under sync, or too many sessions"
                    + " for one round", rounds.get() + 1, took.toMillis(), sent, period.toMillis(), late);
        }
    }

    /** Rounds that took longer than the interval (each then delayed the next), since the start. */
    long lateRounds() {
        return lateRounds.get();
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
