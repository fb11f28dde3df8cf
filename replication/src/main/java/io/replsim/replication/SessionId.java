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

    @Override
    public String toString() {
        return value;
    }
}
