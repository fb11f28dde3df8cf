package io.replsim.loadgen.check;

/** What one {@code 200} response says about the user's session. */
public enum Verdict {
    /** The serial moved past the last one seen (or a new session starts at 1). */
    OK,
    /** Same session, but the serial did not move past the last one seen: the state came from an older replica. */
    STALE,
    /** A different session id, or the session was re-created: the state the user built is gone. */
    LOST,
    /** Same session id and serial order, but a different payload digest: the state was damaged in transit. */
    CORRUPT;

    /** How the response weighs on its session's verdict: corruption loses the state just as a loss does. */
    Verdict forSession() {
        return this == CORRUPT ? LOST : this;
    }

    Verdict worse(Verdict other) {
        return forSession().ordinal() >= other.forSession().ordinal() ? forSession() : other.forSession();
    }
}
