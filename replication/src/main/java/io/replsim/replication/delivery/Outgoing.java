package io.replsim.replication.delivery;

import io.replsim.replication.message.SessionUpdate;
import io.replsim.replication.message.WholeSessionUpdate;

import java.util.Objects;

/**
 * One session's change on its way: the update its scope chose, and the whole session for a backup that answers
 * that it cannot apply the update (GAP). Under session granularity both are the same message.
 */
public record Outgoing(SessionUpdate update, WholeSessionUpdate whole) {
    public Outgoing {
        Objects.requireNonNull(update, "update");
        Objects.requireNonNull(whole, "whole");
    }

    public static Outgoing whole(WholeSessionUpdate whole) {
        return new Outgoing(whole, whole);
    }
}
