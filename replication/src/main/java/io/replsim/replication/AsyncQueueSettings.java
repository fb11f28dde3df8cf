package io.replsim.replication;

import java.time.Duration;
import java.util.Objects;

/**
 * How async delivery queues and bundles (JGroups' bundling, JBoss Cache's replication queue): each destination
 * has a queue of at most {@code capacity} updates; its sender waits up to {@code bundleTimeout} after the first
 * one for up to {@code maxBundle} more and sends them as one message. A full queue drops, and counts, the update.
 */
public record AsyncQueueSettings(Duration bundleTimeout, int maxBundle, int capacity) {
    public static final AsyncQueueSettings DEFAULT = new AsyncQueueSettings(Duration.ofMillis(5), 100, 10_000);

    public AsyncQueueSettings {
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
