package io.replsim.loadgen.record;

import java.time.Duration;

/**
 * What happened since the previous {@link LoadDriver#progress()} call (or the start), plus running totals.
 *
 * @param elapsed           since the start of the run
 * @param interval          the length of the window the interval figures cover
 * @param activeUsers       users currently in their request loop (started and not yet stopped)
 * @param requests          user requests completed in the interval (answered or failed)
 * @param requestsPerSecond {@code requests} over {@code interval}
 * @param p90Millis         90th percentile response time of the interval's responses, NaN when there were none
 * @param errors            failed attempts in the interval
 * @param requestsTotal     user requests completed since the start
 * @param errorsTotal       failed attempts since the start
 */
public record LoadProgress(Duration elapsed, Duration interval, int activeUsers, long requests,
                           double requestsPerSecond, double p90Millis, long errors, long requestsTotal,
                           long errorsTotal) {
}
