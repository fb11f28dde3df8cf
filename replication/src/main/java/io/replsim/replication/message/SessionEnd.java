package io.replsim.replication.message;

import java.util.Objects;

/**
 * A session its owner invalidated (a logout): every member drops its copy up to the version, and keeps refusing
 * older replicas of it for a while, since one sent before the end may arrive after it.
 */
public record SessionEnd(SessionVersion session) implements ReplicationMessage {
    public SessionEnd {
        Objects.requireNonNull(session, "session");
    }
}
