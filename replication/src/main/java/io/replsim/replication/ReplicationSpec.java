package io.replsim.replication;

import java.time.Duration;
import java.util.Objects;

/**
 * The replication choices of one cluster: each an independent type, mapped to behaviour in one place.
 *
 * @param syncTimeout how long a sync request waits for its backups; also bounds gravitation, pushes and removals
 * @param asyncQueue  how async delivery queues and bundles; unused under sync
 */
public record ReplicationSpec(Placement placement, Granularity granularity, Delivery delivery, Duration syncTimeout,
                              AsyncQueue asyncQueue) {
    public static final Duration DEFAULT_SYNC_TIMEOUT = Duration.ofSeconds(2);

    public ReplicationSpec {
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(granularity, "granularity");
        Objects.requireNonNull(delivery, "delivery");
        Objects.requireNonNull(syncTimeout, "syncTimeout");
        Objects.requireNonNull(asyncQueue, "asyncQueue");
        if (syncTimeout.isNegative() || syncTimeout.isZero()) {
            throw new IllegalArgumentException("syncTimeout must be positive, got " + syncTimeout);
        }
    }

    /** With the default async queue: what every sync spec and most async ones use. */
    public ReplicationSpec(Placement placement, Granularity granularity, Delivery delivery, Duration syncTimeout) {
        this(placement, granularity, delivery, syncTimeout, AsyncQueue.DEFAULT);
    }

    /** Full-session, synchronous replication to every member: the default. */
    public static ReplicationSpec fullSync() {
        return new ReplicationSpec(new Placement.AllMembers(), Granularity.SESSION, Delivery.SYNC, DEFAULT_SYNC_TIMEOUT);
    }
}
