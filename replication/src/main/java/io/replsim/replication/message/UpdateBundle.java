package io.replsim.replication.message;

import java.util.List;

/** Several queued updates for one destination in one message, applied in the order sent (async bundling). */
public record UpdateBundle(List<SessionUpdate> updates) implements ReplicationMessage {
    public UpdateBundle {
        updates = List.copyOf(updates);
        if (updates.isEmpty()) {
            throw new IllegalArgumentException("a bundle has at least one update");
        }
    }
}
