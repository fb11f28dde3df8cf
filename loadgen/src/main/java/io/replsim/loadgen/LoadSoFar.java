package io.replsim.loadgen;

import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.exchange.ErrorCounts;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * A load's figures from its start until now, read while it runs (the driver's Prometheus metrics): running totals
 * of the same tallies its {@link LoadResult} is made of, so once {@code over}, each equals the result's.
 *
 * @param over          every user has stopped and the result is made: the figures are final
 * @param activeUsers   users in their request loop now (the open model's: its sessions with a request in flight)
 * @param requests      user requests completed, answered or failed (the result's {@code requests})
 * @param errors        failed attempts by kind (the result's {@code errors})
 * @param latencyMicros every answer's response time so far (the result's {@code latencyMicros}), a copy
 * @param responses     {@code 200} responses by verdict (the result's {@code responseVerdicts})
 * @param sessions      sessions by their worst verdict so far, each user's as of its last request's end (the
 *                      result's {@code sessionVerdicts} once over)
 */
public record LoadSoFar(boolean over, int activeUsers, long requests, ErrorCounts errors, Histogram latencyMicros,
                        ResponseVerdictCounts responses, SessionVerdictCounts sessions) {
    public LoadSoFar {
        Objects.requireNonNull(errors, "errors");
        Objects.requireNonNull(latencyMicros, "latencyMicros");
        Objects.requireNonNull(responses, "responses");
        Objects.requireNonNull(sessions, "sessions");
    }
}
