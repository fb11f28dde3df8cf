package io.replsim.replication.message;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Attribute granularity: only the dirty attributes, the removed ones and the session's metadata. It applies only
 * to the version just before it ({@code version - 1}); a backup without that version answers GAP and gets the
 * whole session instead. A record, so a received one is validated by its constructor like a local one.
 */
public record AttributeDelta(SessionId id, long version, NodeId owner, long lastAccessEpochMs,
                             Map<String, Serializable> changed, Set<String> removed) implements SessionUpdate {
    public AttributeDelta {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(owner, "owner");
        if (version < 2) {
            throw new IllegalArgumentException("a delta applies to a replicated version, so its own is 2 or more, got "
                    + version);
        }
        changed = Map.copyOf(changed);
        removed = Set.copyOf(removed);
    }
}
