package io.replsim.replication.message;

import java.util.List;

/**
 * The sessions a member owns, whole, sent when a partition heals to the members of the other sides: each receiver
 * settles them against its own copies ({@code SessionStore.settle}), and answers with the copies it owns that
 * outrank them, so that both sides end with the newest state and one owner.
 */
public record OwnershipClaims(List<SessionSnapshot> owned) implements ReplicationMessage {
    public OwnershipClaims {
        owned = List.copyOf(owned);
    }
}
