package io.replsim.replication;

/**
 * A read or write the cache refused because this member's side of a partition is degraded (Infinispan's
 * AvailabilityException under {@code whenSplit} deny-read-writes or allow-reads): nothing was read or written, and
 * the request should be answered as refused rather than served from anything else, such as a new session.
 */
public final class DegradedPartitionException extends RuntimeException {
    public DegradedPartitionException(String message, Throwable cause) {
        super(message, cause);
    }
}
