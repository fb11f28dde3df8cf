package io.replsim.scenario.fault;

/**
 * What was read back to show that a fault took effect, from what it was done to: a killed process's exit status, a
 * paused process's state, the messages a DISCARD dropped or a DELAY held by their own counts, a URL that stopped
 * answering. {@code confirmed} when that reading shows the fault; otherwise {@code seen} says what was read instead,
 * or why nothing could be. A fault never confirmed measured nothing: its figures are not measured and the run is
 * INVALID.
 */
public record FaultEvidence(boolean confirmed, String seen) {

    public static FaultEvidence confirmed(String seen) {
        return new FaultEvidence(true, seen);
    }

    public static FaultEvidence unconfirmed(String seen) {
        return new FaultEvidence(false, seen);
    }

    /** Confirmed when either is, as a pause read frozen right after it or at its heal; what both saw, this first. */
    public FaultEvidence or(FaultEvidence later) {
        return new FaultEvidence(confirmed || later.confirmed, seen + "; " + later.seen);
    }

    /** Confirmed when both are, as both nodes of a double kill seen gone; what both saw, this one first. */
    public FaultEvidence with(FaultEvidence other) {
        return new FaultEvidence(confirmed && other.confirmed, seen + "; " + other.seen);
    }

    /** Confirmed when both are, as a node seen down and then up again; what both saw, this one first. */
    public FaultEvidence followedBy(FaultEvidence later) {
        return with(later);
    }
}
