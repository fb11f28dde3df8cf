package io.replsim.replication.session;

import io.replsim.replication.ReplicationTrigger;

import java.time.Duration;
import java.util.Objects;

/**
 * How a store decides that a session needs replicating: what marks an attribute dirty, and how long a session
 * that nothing dirtied may go without telling its backups it was used.
 */
public record SessionTracking(ReplicationTrigger trigger, Duration maxUnreplicatedInterval) {
    public static final SessionTracking DEFAULT =
            new SessionTracking(ReplicationTrigger.SET_AND_NON_PRIMITIVE_GET, Duration.ofSeconds(60));

    public SessionTracking {
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(maxUnreplicatedInterval, "maxUnreplicatedInterval");
    }
}
