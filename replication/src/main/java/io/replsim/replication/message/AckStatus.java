package io.replsim.replication.message;

/** How a receiver dealt with a replication message. */
public enum AckStatus {
    APPLIED,
    STALE,
    BUSY,
    /** Refused by the allow-list or the deserialization limits, or not a message at all. */
    REJECTED
}
