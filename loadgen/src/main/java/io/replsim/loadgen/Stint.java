package io.replsim.loadgen;

/**
 * A run of consecutive responses (any status) one user got from one node. Times are epoch milliseconds at which
 * the responses arrived.
 *
 * @param firstOkAtMs when the first response judged OK arrived, or -1 when none of them was OK
 */
public record Stint(String node, long firstAtMs, long firstOkAtMs, long lastAtMs) {

    public static final long NEVER = -1;

    public boolean hadOk() {
        return firstOkAtMs != NEVER;
    }
}
