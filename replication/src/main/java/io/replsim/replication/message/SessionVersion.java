package io.replsim.replication.message;

import io.replsim.replication.SessionId;

import java.io.Serializable;
import java.util.Objects;

/** One session at one version: what a {@link CopyRemoval} may drop. */
public record SessionVersion(SessionId id, long version) implements Serializable {
    public SessionVersion {
        Objects.requireNonNull(id, "id");
    }
}
