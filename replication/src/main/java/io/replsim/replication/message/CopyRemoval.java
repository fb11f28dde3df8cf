package io.replsim.replication.message;

import java.util.List;

/**
 * Copies a member must drop because it is no longer among the sessions' holders: the old owner and old buddies
 * after a gravitation, an old buddy after a view change. Each copy goes only up to a version, so a copy that a
 * newer write has reached since is kept.
 */
public record CopyRemoval(List<SessionVersion> copies) implements ReplicationMessage {
    public CopyRemoval {
        copies = List.copyOf(copies);
    }
}
