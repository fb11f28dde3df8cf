package io.replsim.loadgen.check;

/**
 * One response that was not OK for its session, time-stamped, so a runner can say afterwards which stretch of the
 * run (a fault's window, say) the STALE and LOST sessions fall in; the driver itself never hears about faults.
 *
 * @param node    the node that answered
 * @param session the session the user held when the answer came (the one lost or found stale); for a first
 *                response, the session it was given
 * @param verdict STALE, CORRUPT, FAILED (the node said it could not read the session) or LOST
 * @param atMs    epoch milliseconds at which the response arrived
 */
public record VerdictMark(String node, String session, Verdict verdict, long atMs) {

    /**
     * Whether the answer cost the user its session's state: LOST, CORRUPT or FAILED, the verdicts
     * {@code maxSessionsLost} counts.
     */
    public boolean lostSession() {
        return verdict == Verdict.LOST || verdict == Verdict.CORRUPT || verdict == Verdict.FAILED;
    }
}
