package io.replsim.replication.message;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * A receiver's answer to one replication message; a gravitation answer carries the copy the receiver held.
 *
 * @param carried the sessions sent back with the answer: empty except for {@link AckStatus#HELD}
 */
public record Ack(AckStatus status, String detail, List<SessionSnapshot> carried) implements Serializable {
    public Ack {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(detail, "detail");
        carried = List.copyOf(carried);
    }

    public Ack(AckStatus status, String detail) {
        this(status, detail, List.of());
    }

    public static Ack of(AckStatus status) {
        return new Ack(status, "");
    }

    public static Ack holding(SessionSnapshot copy) {
        return new Ack(AckStatus.HELD, "", List.of(copy));
    }

    /** Whether the sender may count this receiver as holding the change (a stale copy means it already had it). */
    public boolean holdsChange() {
        return status == AckStatus.APPLIED || status == AckStatus.STALE;
    }
}
