package io.replsim.loadgen.record;

/**
 * A run of consecutive responses (any status) one user got from one node. Times are epoch milliseconds at which
 * the responses arrived.
 *
 * @param firstOkAtMs when the first response judged OK arrived, or -1 when none of them was OK
 * @param firstSentAtMs when the request of the first response left the driver (its first attempt): a runner
 *                      needs it to tell whether the node was asked before or after something happened, since the
 *                      answer may come much later
 */
public record Stint(String node, long firstAtMs, long firstOkAtMs, long lastAtMs, long firstSentAtMs) {

    public static final long NEVER = -1;

    /** A stint whose first request's sending time is not known apart from its answer's. */
    public Stint(String node, long firstAtMs, long firstOkAtMs, long lastAtMs) {
        this(node, firstAtMs, firstOkAtMs, lastAtMs, firstAtMs);
    }

    public boolean hadOk() {
        return firstOkAtMs != NEVER;
    }
}
