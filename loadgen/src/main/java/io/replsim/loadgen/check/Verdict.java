package io.replsim.loadgen.check;

/**
 * What an answer says about the user's session, and a session's verdict: the worst its answers got. In order of
 * weight; docs/drills.md ("Verdicts") says which is which.
 */
public enum Verdict {
    /** The serial moved past the last one seen (or a new session starts at 1), and the state is what was written. */
    OK,
    /**
     * A different or re-created session after the user had been idle for longer than the nodes' maximum inactive
     * interval: the session expired, as it was configured to. Expected, not a loss.
     */
    EXPIRED,
    /** Same session, but the serial did not move past the last one seen: the state came from an older copy. */
    STALE,
    /**
     * Same session and a current serial, but the state digest is not that of what the user wrote: a missed
     * attribute change or damaged bytes, a state that never existed.
     */
    CORRUPT,
    /**
     * The node said it could not read the session ({@code X-Replsim-Session: unreadable}), or the session's answers
     * were server errors only up to its end. Never the verdict of a {@code 200}.
     */
    FAILED,
    /** A different session id, or the session was re-created: the state the user built is gone. */
    LOST;

    /** Whether the answer is what a correct cluster gives: OK, or a new session after an expiry. */
    public boolean expected() {
        return this == OK || this == EXPIRED;
    }

    Verdict worse(Verdict other) {
        return ordinal() >= other.ordinal() ? this : other;
    }
}
