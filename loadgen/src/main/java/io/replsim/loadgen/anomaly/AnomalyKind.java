package io.replsim.loadgen.anomaly;

/**
 * The classes of anomaly the checker names (docs/drills.md, "Session consistency"), each with the key its count
 * has in summaries and checks, and whether a correct cluster may show it.
 */
public enum AnomalyKind {
    /** An acknowledged write the last read of its session lacks. */
    LOST_UPDATE("lostUpdate", "lost update", false),
    /** A user's later read lacks the user's own acknowledged write, which the session's last read shows. */
    READ_YOUR_WRITES_VIOLATED("readYourWritesViolated", "read-your-writes violated", false),
    /**
     * A user's later read lacks an element one of its earlier reads held (other than the user's own acknowledged
     * writes: those are lost updates or read-your-writes violations).
     */
    NON_MONOTONIC_READ("nonMonotonicRead", "non-monotonic read", false),
    /**
     * A write from a request the client saw fail or time out shows in a later read. Legal (the node applied it and
     * the answer was lost), but counted: a client that retries such a request applies it twice.
     */
    INDETERMINATE_WRITE_APPLIED("indeterminateWriteApplied", "indeterminate write applied", true),
    /** A session invalidated (logout, expiry) answers again under its id with state from before. */
    INVALIDATED_SESSION_ANSWERED("invalidatedSessionAnswered", "invalidated session answered again", false),
    /** A list holds one element twice: one write, which its client sent once, applied twice. */
    WRITE_APPLIED_TWICE("writeAppliedTwice", "write applied twice", false),
    /**
     * A list holds one element twice, and its write is one the client sent whole twice (a kept-alive connection
     * failed before any answer, and the client sent it once more on a new one). Legal: the node applied each copy
     * the client sent, so the client applied it twice, not the cluster.
     */
    RESEND_APPLIED_TWICE("resendAppliedTwice", "resend applied twice", true);

    private final String key;
    private final String label;
    private final boolean legal;

    AnomalyKind(String key, String label, boolean legal) {
        this.key = key;
        this.label = label;
        this.legal = legal;
    }

    /** Its name in summary.json and in {@code maxAnomalies}, e.g. {@code lostUpdate}. */
    public String key() {
        return key;
    }

    /** Its name for people, e.g. {@code lost update}. */
    public String label() {
        return label;
    }

    /** Whether a correct cluster may show it (it is then counted, not failed). */
    public boolean legal() {
        return legal;
    }
}
