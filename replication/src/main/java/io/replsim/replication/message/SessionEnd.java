package io.replsim.replication.message;

import java.util.Objects;

/**
 * A session its owner ended, by a logout or an expiry: every member drops its copy up to the version, and keeps
 * refusing older replicas of it for a while, since one sent before the end may arrive after it; and remembers the
 * cause, so a user who comes back to it after a failover hears it expired from whichever member takes the request.
 */
public record SessionEnd(SessionVersion session, EndCause cause) implements ReplicationMessage {
    public SessionEnd {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(cause, "cause");
    }

    /** A logout. */
    public SessionEnd(SessionVersion session) {
        this(session, EndCause.INVALIDATED);
    }
}
