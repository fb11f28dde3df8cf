package io.replsim.loadgen.record;

import io.replsim.loadgen.exchange.ErrorKind;

/**
 * Consecutive failed attempts of one user of one kind on one node, with no {@code 200} between them; kept as runs
 * so a user stuck on a dead node costs one entry, not one per attempt. Times are epoch milliseconds at which each
 * failure was seen.
 *
 * @param node  the node the attempt went to, or {@code null} when no node was live to try
 * @param count attempts in the run, at least 1
 */
public record Failure(String node, ErrorKind kind, long firstAtMs, long lastAtMs, int count) {
}
