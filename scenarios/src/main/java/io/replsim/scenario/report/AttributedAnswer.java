package io.replsim.scenario.report;

import io.replsim.loadgen.check.Verdict;

import java.util.Locale;

/**
 * One answer put down to a fault that was not OK for its session: whose it was, which node served it and when, and
 * the answer before it the user held it to; what tells who served a STALE answer, and which earlier answer showed
 * the state the merge (or failover) then lost. Times are ms after the start of the load.
 *
 * @param user       the user (from 0)
 * @param node       the node that served the answer
 * @param session    the session the user held
 * @param verdict    STALE, LOST, CORRUPT or FAILED
 * @param atMs       when the answer arrived
 * @param serial     the serial it showed; null when it showed none (FAILED)
 * @param prior      the answer judged before it on the same session; null when the driver did not record one
 * @param unanswered requests between {@code prior} and this answer that got no usable answer (a 503 of a write whose
 *                   outcome is unknown, a reset, a timeout)
 * @param sentAtMs   when its request was sent: the node may have read the session at any time from then to
 *                   {@code atMs}
 */
public record AttributedAnswer(int user, String node, String session, Verdict verdict, long atMs, Long serial,
                               Prior prior, int unanswered, long sentAtMs) {

    /** An answer whose request is taken as sent when it was answered. */
    public AttributedAnswer(int user, String node, String session, Verdict verdict, long atMs, Long serial,
                            Prior prior, int unanswered) {
        this(user, node, session, verdict, atMs, serial, prior, unanswered, atMs);
    }

    /** An earlier answer: the node that gave it, the serial it showed, when it arrived (ms after the load's start). */
    public record Prior(String node, long serial, long atMs) {
    }

    /**
     * The answer in one line, as the console and report.html print it, e.g. {@code user 3: STALE from node1 at
     * 25.31 s (sent at 25.12 s), serial 17; held to serial 18 from node1 at 24.80 s, 1 request unanswered between}.
     */
    public String describe() {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "user %d: %s from %s at %s", user, verdict,
                node, seconds(atMs)));
        if (sentAtMs < atMs) {
            line.append(" (sent at ").append(seconds(sentAtMs)).append(')');
        }
        if (serial != null) {
            line.append(", serial ").append(serial);
        }
        if (prior != null) {
            line.append(String.format(Locale.ROOT, "; held to serial %d from %s at %s", prior.serial(), prior.node(),
                    seconds(prior.atMs())));
        }
        if (unanswered > 0) {
            line.append(String.format(Locale.ROOT, ", %d request%s unanswered between", unanswered,
                    unanswered == 1 ? "" : "s"));
        }
        return line.toString();
    }

    private static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.2f s", ms / 1000.0);
    }
}
