package io.replsim.replication.marshalling;

/** Bytes from a peer that were not deserialized: a class outside the allow-list, a limit exceeded, or garbage. */
public class RejectedMessageException extends Exception {
    private final String offending;

    public RejectedMessageException(String offending, String message, Throwable cause) {
        super(message, cause);
        this.offending = offending;
    }

    /** The refused class name or exceeded limit ("depth 21 > 20"), or a short description of what was wrong. */
    public String offending() {
        return offending;
    }
}
