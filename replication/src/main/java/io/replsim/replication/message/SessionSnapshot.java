package io.replsim.replication.message;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;

/**
 * An immutable copy of a whole session as it travels to backups. A record, so deserialization goes through the
 * canonical constructor and a received snapshot is validated like a local one.
 */
public record SessionSnapshot(SessionId id, long version, NodeId owner, long createdEpochMs, long lastAccessEpochMs,
                              Map<String, Serializable> attributes) implements Serializable {
    public SessionSnapshot {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(owner, "owner");
        if (version < 0) {
            throw new IllegalArgumentException("a session version is never negative, got " + version);
        }
        // Encoded attributes are immutable already; copying them would decode them.
        attributes = attributes instanceof EncodedAttributes ? attributes : Map.copyOf(attributes);
    }
}
