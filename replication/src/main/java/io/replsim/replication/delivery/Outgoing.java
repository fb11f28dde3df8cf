package io.replsim.replication.delivery;

import io.replsim.replication.marshalling.MessageMarshaller;
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

    /**
     * This change with its attribute values taken now ({@link MessageMarshaller#frozen}), for a delivery that sends
     * it after the session's lock is released. The whole session a GAP repair sends stays by reference unless it is
     * the update itself: taking it too would write every attribute on every update, which attribute granularity
     * exists to avoid; a repair then carries the values as they are when it is sent.
     */
    public Outgoing frozenBy(MessageMarshaller marshaller) {
        if (update == whole) {
            WholeSessionUpdate frozen = marshaller.frozen(whole);
            return new Outgoing(frozen, frozen);
        }
        return new Outgoing(marshaller.frozen(update), whole);
    }
}
