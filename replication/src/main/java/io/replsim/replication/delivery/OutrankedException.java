package io.replsim.replication.delivery;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.message.SessionSnapshot;

import java.util.Objects;

/**
 * A member refused an update because it owns a copy of the session that outranks it (a newer version, or the same
 * version written by an owner that wins the tie): two members owned the session, and the sender lost it. Carries
 * the winning copy, which the sender takes in place of its own.
 */
public final class OutrankedException extends ReplicationException {
    private final transient SessionSnapshot winner;

    public OutrankedException(NodeId holder, SessionSnapshot winner) {
        super("owned by " + holder + " at v" + winner.version() + ", which outranks this copy");
        this.winner = Objects.requireNonNull(winner, "winner");
    }

    public SessionSnapshot winner() {
        return winner;
    }
}
