package io.replsim.replication.engine;

import io.replsim.replication.SessionLifecycle;
import io.replsim.replication.session.SessionStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Expires the store's idle sessions every sweep period, so a session its user abandoned stops holding memory on
 * its owner and on every replica; a request that comes back checks its own session on arrival whatever the sweep.
 * Without a maximum inactive interval it runs nothing.
 */
final class IdleSessionSweep implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(IdleSessionSweep.class);

    private final Optional<ScheduledExecutorService> timer;

    private IdleSessionSweep(Optional<ScheduledExecutorService> timer) {
        this.timer = timer;
    }

    static IdleSessionSweep start(SessionStore store, SessionLifecycle lifecycle) {
        return new IdleSessionSweep(lifecycle.sweepPeriod().map(period -> {
            ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "idle-session-sweep");
                thread.setDaemon(true);
                return thread;
            });
            long millis = period.toMillis();
            timer.scheduleWithFixedDelay(() -> sweep(store), millis, millis, TimeUnit.MILLISECONDS);
            return timer;
        }));
    }

    /** One failed sweep must not end the schedule (an uncaught exception would cancel it). */
    private static void sweep(SessionStore store) {
        try {
            store.expireIdle();
        } catch (RuntimeException e) {
            log.warn("sweeping idle sessions failed; next sweep as planned", e);
        }
    }

    @Override
    public void close() {
        timer.ifPresent(executor -> {
            executor.shutdownNow();
            try {
                executor.awaitTermination(Duration.ofSeconds(5).toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
