package io.replsim.replication;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How long sessions live on the nodes and how many stay in memory: a servlet container's
 * {@code maxInactiveInterval} and JBoss's {@code max-active-sessions}. Empty: sessions live until a logout ends them,
 * all in memory, as replsim's runs did before the knobs existed.
 *
 * @param maxInactiveInterval a session nobody used for longer than this expires on its owner, which tells every
 *                            member to drop its copy
 * @param maxActiveSessions   the most sessions a node keeps in memory, owned ones and replicas together (JBoss
 *                            counts backup copies toward the total); beyond it the least recently used ones are
 *                            passivated to a file store on the node, and activated when a request or replication
 *                            needs them
 */
public record SessionLifecycle(Optional<Duration> maxInactiveInterval, OptionalInt maxActiveSessions) {
    /** Sessions never expire. */
    public static final SessionLifecycle NEVER_EXPIRE = new SessionLifecycle(Optional.empty());
    /**
     * The longest pause between two sweeps for idle sessions: Tomcat's background processor runs every 10 s, and a
     * session's memory should not outlive its interval by much more.
     */
    static final Duration LONGEST_SWEEP_PERIOD = Duration.ofSeconds(10);
    private static final Duration SHORTEST_SWEEP_PERIOD = Duration.ofMillis(50);

    /** Every session in memory. */
    public SessionLifecycle(Optional<Duration> maxInactiveInterval) {
        this(maxInactiveInterval, OptionalInt.empty());
    }

    public SessionLifecycle {
        Objects.requireNonNull(maxActiveSessions, "maxActiveSessions");
        maxActiveSessions.ifPresent(max -> {
            if (max < 1) {
                throw new IllegalArgumentException("maxActiveSessions must be at least 1, got " + max);
            }
        });
        Objects.requireNonNull(maxInactiveInterval, "maxInactiveInterval");
        maxInactiveInterval.ifPresent(interval -> {
            if (!interval.isPositive()) {
                throw new IllegalArgumentException("maxInactiveInterval must be positive, got " + interval);
            }
        });
    }

    public static SessionLifecycle expiringAfter(Duration maxInactiveInterval) {
        return new SessionLifecycle(Optional.of(maxInactiveInterval));
    }

    /** The same, with at most {@code max} sessions in memory on each owner. */
    public SessionLifecycle withMaxActiveSessions(int max) {
        return new SessionLifecycle(maxInactiveInterval, OptionalInt.of(max));
    }

    /**
     * How often an owner looks for idle sessions: half the interval, between 50 ms and 10 s. A request checks its
     * own session on arrival, so the sweep only bounds how long an abandoned session holds memory: at most the
     * interval plus this period.
     */
    public Optional<Duration> sweepPeriod() {
        return maxInactiveInterval.map(interval -> {
            Duration half = interval.dividedBy(2);
            return half.compareTo(LONGEST_SWEEP_PERIOD) > 0 ? LONGEST_SWEEP_PERIOD
                    : half.compareTo(SHORTEST_SWEEP_PERIOD) < 0 ? SHORTEST_SWEEP_PERIOD : half;
        });
    }
}
