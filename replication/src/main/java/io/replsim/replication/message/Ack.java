package io.replsim.replication.message;

import java.io.Serializable;
import java.util.Objects;

/** A receiver's answer to one replication message. */
public record Ack(AckStatus status, String detail) implements Serializable {
    public Ack {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(detail, "detail");
    }

    public static Ack of(AckStatus status) {
        return new Ack(status, "");
    }

    /** Whether the sender may count this receiver as holding the change (a stale copy means it already had it). */
    public boolean holdsChange() {
        return status == AckStatus.APPLIED || status == AckStatus.STALE;
    }
}
