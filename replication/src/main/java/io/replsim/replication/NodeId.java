package io.replsim.replication;

import java.io.Serializable;
import java.util.Objects;
import java.util.regex.Pattern;

/** A cluster member's name: the JGroups logical name and the route in the session cookie. */
public record NodeId(String name) implements Comparable<NodeId>, Serializable {
    // Compiled once: a node id is made for every message received, and String.matches compiles each time.
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+");

    public NodeId {
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a node name is letters, digits, '-' or '_', got \"" + name + "\"");
        }
    }

    @Override
    public int compareTo(NodeId other) {
        return name.compareTo(other.name);
    }

    // Written out: a record's generated equals and hashCode go through method handles that a node started from its
    // AOT cache left uninlined (NodeId's and SessionId's together: 2% of a backup's stream-thread samples at 64 KB).
    @Override
    public boolean equals(Object other) {
        return other instanceof NodeId that && name.equals(that.name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
