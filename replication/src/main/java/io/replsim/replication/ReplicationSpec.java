package io.replsim.replication;

import java.time.Duration;
import java.util.Objects;

/** The replication choices of one cluster: each an independent type, mapped to behaviour in one place. */
public record ReplicationSpec(Placement placement, Granularity granularity, Delivery delivery, Duration syncTimeout) {
    public static final Duration DEFAULT_SYNC_TIMEOUT = Duration.ofSeconds(2);

    public ReplicationSpec {
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(granularity, "granularity");
        Objects.requireNonNull(delivery, "delivery");
        Objects.requireNonNull(syncTimeout, "syncTimeout");
        if (syncTimeout.isNegative() || syncTimeout.isZero()) {
            throw new IllegalArgumentException("syncTimeout must be positive, got " + syncTimeout);
        }
    }

    /** Full-session, synchronous replication to every member: the only combination built so far. */
    public static ReplicationSpec fullSync() {
        return new ReplicationSpec(new Placement.AllMembers(), Granularity.SESSION, Delivery.SYNC, DEFAULT_SYNC_TIMEOUT);
    }
}
