package io.replsim.replication;

import java.io.Serializable;
import java.util.Objects;

/** A session's identity without its route: the part of the cookie before the first dot. */
public record SessionId(String value) implements Serializable {
    public SessionId {
        Objects.requireNonNull(value, "value");
        if (value.isBlank() || value.contains(".")) {
            throw new IllegalArgumentException("a session id is non-empty and has no '.', got \"" + value + "\"");
        }
    }

    // Written out: a record's generated equals and hashCode go through method handles that a node started from its
    // AOT cache left uninlined (NodeId's and SessionId's together: 2% of a backup's stream-thread samples at 64 KB).
    @Override
    public boolean equals(Object other) {
        return other instanceof SessionId that && value.equals(that.value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return value;
    }
}
