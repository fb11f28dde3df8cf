package io.replsim.replication;

import java.time.Duration;
import java.util.Objects;

/**
 * How async delivery queues and bundles (JGroups' bundling, JBoss Cache's replication queue): each destination
 * has a queue of at most {@code capacity} updates; its sender waits up to {@code bundleTimeout} after the first
 * one for up to {@code maxBundle} more and sends them as one message. A full queue drops, and counts, the update.
 * {@code ends}: whether a session's end waits for every member or joins the queues ({@link AsyncEnds}).
 */
public record AsyncQueueSettings(Duration bundleTimeout, int maxBundle, int capacity, AsyncEnds ends) {
    public static final AsyncQueueSettings DEFAULT = new AsyncQueueSettings(Duration.ofMillis(5), 100, 10_000);

    /** Ends that wait for every member, replsim's default. */
    public AsyncQueueSettings(Duration bundleTimeout, int maxBundle, int capacity) {
        this(bundleTimeout, maxBundle, capacity, AsyncEnds.AWAITED);
    }

    public AsyncQueueSettings {
        Objects.requireNonNull(ends, "ends");
        Objects.requireNonNull(bundleTimeout, "bundleTimeout");
        if (bundleTimeout.isNegative()) {
            throw new IllegalArgumentException("bundleTimeout must not be negative, got " + bundleTimeout);
        }
        if (maxBundle < 1 || capacity < 1) {
            throw new IllegalArgumentException("maxBundle and capacity must be at least 1, got " + maxBundle + " and "
                    + capacity);
        }
    }
}
