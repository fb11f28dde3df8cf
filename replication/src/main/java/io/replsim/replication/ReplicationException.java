package io.replsim.replication;

/**
 * A change could not be replicated as the delivery mode demands: a backup did not acknowledge in time, refused
 * the message, or the channel failed. The change may exist on the owner only, so callers treat the outcome as
 * unknown rather than lost.
 */
public class ReplicationException extends Exception {
    public ReplicationException(String message) {
        super(message);
    }

    public ReplicationException(String message, Throwable cause) {
        super(message, cause);
    }
}
