package io.replsim.loadgen.check;

/**
 * The answer a later verdict was measured against: the last one its user judged on the same session, whose serial
 * became what the next answer had to reach (a STALE one shows less).
 *
 * @param node   the node that gave it
 * @param serial the serial it showed
 * @param atMs   epoch milliseconds at which it arrived
 */
public record PriorAnswer(String node, long serial, long atMs) {
}
