package io.replsim.loadgen.check;

/**
 * One response that was not OK for its session, time-stamped, so a runner can say afterwards which stretch of the
 * run (a fault's window, say) the STALE and LOST sessions fall in, and who served them; the driver itself never
 * hears about faults.
 *
 * @param node       the node that answered
 * @param session    the session the user held when the answer came (the one lost or found stale); for a first
 *                   response, the session it was given
 * @param verdict    STALE, CORRUPT, FAILED (the node said it could not read the session) or LOST
 * @param atMs       epoch milliseconds at which the response arrived
 * @param serial     the serial the answer showed; 0 for an answer that showed none (FAILED)
 * @param prior      the answer the user had judged last on this session, whose serial this one was held to; null
 *                   when there was none (a session's first answer, or a mark built without it)
 * @param unanswered requests between {@code prior} and this answer that got no usable answer (a 503, a reset, a
 *                   timeout): each may have changed the session without the user seeing it
 * @param sentAtMs   epoch milliseconds at which the request left the driver: what the node can have read from is
 *                   its state from then to {@code atMs}; {@code atMs} where not known (a mark recorded without it)
 */
public record VerdictMark(String node, String session, Verdict verdict, long atMs, long serial, PriorAnswer prior,
                          int unanswered, long sentAtMs) {

    public VerdictMark {
        if (sentAtMs <= 0 || sentAtMs > atMs) {
            sentAtMs = atMs;
        }
    }

    /** A mark without when its request was sent: taken as sent when answered. */
    public VerdictMark(String node, String session, Verdict verdict, long atMs, long serial, PriorAnswer prior,
                       int unanswered) {
        this(node, session, verdict, atMs, serial, prior, unanswered, atMs);
    }

    /** A mark without the serials: who answered, when, and the verdict. */
    public VerdictMark(String node, String session, Verdict verdict, long atMs) {
        this(node, session, verdict, atMs, 0, null, 0);
    }

    /**
     * Whether the answer cost the user its session's state: LOST, CORRUPT or FAILED, the verdicts
     * {@code maxSessionsLost} counts.
     */
    public boolean lostSession() {
        return verdict == Verdict.LOST || verdict == Verdict.CORRUPT || verdict == Verdict.FAILED;
    }
}
