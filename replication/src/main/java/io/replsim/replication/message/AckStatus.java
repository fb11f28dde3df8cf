package io.replsim.replication.message;

/** How a receiver dealt with a replication message. */
public enum AckStatus {
    APPLIED,
    STALE,
    BUSY,
    /** Refused by the allow-list or the deserialization limits, or not a message at all. */
    REJECTED,
    /** An attribute update whose base version the receiver lacks: send the whole session. */
    GAP,
    /** A gravitation answer: the receiver holds the session and sends its copy back. */
    HELD,
    /** A gravitation answer: the receiver has no copy. */
    NOT_HELD,
    /**
     * The receiver owns a copy that outranks what it was sent: the sender lost the session to it. The answer
     * carries the winning copy. Last: the codec writes a status by its position.
     */
    OWNED
}
