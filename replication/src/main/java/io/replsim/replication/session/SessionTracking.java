package io.replsim.replication.session;

import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.SessionLifecycle;
import io.replsim.replication.SnapshotMode;

import java.time.Duration;
import java.util.Objects;

/**
 * How a store decides that a session needs replicating: what marks an attribute dirty, how long a session that
 * nothing dirtied may go without telling its backups it was used, and whether a change leaves at the request's end or
 * with the next interval's batch; and how long an idle session lives.
 */
public record SessionTracking(ReplicationTrigger trigger, Duration maxUnreplicatedInterval,
                              SessionLifecycle lifecycle, SnapshotMode snapshot) {
    public static final SessionTracking DEFAULT =
            new SessionTracking(ReplicationTrigger.SET_AND_NON_PRIMITIVE_GET, Duration.ofSeconds(60));

    public SessionTracking {
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(maxUnreplicatedInterval, "maxUnreplicatedInterval");
        Objects.requireNonNull(lifecycle, "lifecycle");
        Objects.requireNonNull(snapshot, "snapshot");
    }

    /** Changes replicated at each request's end. */
    public SessionTracking(ReplicationTrigger trigger, Duration maxUnreplicatedInterval, SessionLifecycle lifecycle) {
        this(trigger, maxUnreplicatedInterval, lifecycle, SnapshotMode.INSTANT);
    }

    /** Sessions that never expire. */
    public SessionTracking(ReplicationTrigger trigger, Duration maxUnreplicatedInterval) {
        this(trigger, maxUnreplicatedInterval, SessionLifecycle.NEVER_EXPIRE);
    }
}
