package io.replsim.replication;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How long sessions live on the nodes: a servlet container's {@code maxInactiveInterval}. Empty: sessions live
 * until a logout ends them, as replsim's runs did before the knob existed.
 *
 * @param maxInactiveInterval a session nobody used for longer than this expires on its owner, which tells every
 *                            member to drop its copy
 */
public record SessionLifecycle(Optional<Duration> maxInactiveInterval) {
    /** Sessions never expire. */
    public static final SessionLifecycle NEVER_EXPIRE = new SessionLifecycle(Optional.empty());
    /**
     * The longest pause between two sweeps for idle sessions: Tomcat's background processor runs every 10 s, and a
     * session's memory should not outlive its interval by much more.
     */
    static final Duration LONGEST_SWEEP_PERIOD = Duration.ofSeconds(10);
    private static final Duration SHORTEST_SWEEP_PERIOD = Duration.ofMillis(50);

    public SessionLifecycle {
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
