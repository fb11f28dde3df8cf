package io.replsim.replication.message;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;

import java.io.Serializable;
import java.util.Objects;
import java.util.Set;

/**
 * A session's own entry under attribute granularity (WildFly's fine granularity): everything but the attribute
 * values, which have one entry each. {@code attributeNames} says which attribute entries make up this version.
 */
public record SessionMetadata(SessionId id, long version, NodeId owner, long createdEpochMs, long lastAccessEpochMs,
                              Set<String> attributeNames) implements Serializable {
    public SessionMetadata {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(owner, "owner");
        attributeNames = Set.copyOf(attributeNames);
    }
}
