package io.replsim.replication;

import java.io.Serializable;
import java.util.Objects;

/** A cluster member's name: the JGroups logical name and the route in the session cookie. */
public record NodeId(String name) implements Comparable<NodeId>, Serializable {
    public NodeId {
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || !name.matches("[A-Za-z0-9_-]+")) {
            throw new IllegalArgumentException("a node name is letters, digits, '-' or '_', got \"" + name + "\"");
        }
    }

    @Override
    public int compareTo(NodeId other) {
        return name.compareTo(other.name);
    }

    @Override
    public String toString() {
        return name;
    }
}
