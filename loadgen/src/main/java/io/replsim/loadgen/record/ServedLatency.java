package io.replsim.loadgen.record;

import org.HdrHistogram.Histogram;

/**
 * Response times in microseconds of the successful answers alone (a {@code 200} the driver could judge), beside the
 * figures over every answer: a server error's time is in those (a user waited for a 503 as for a 200), so a run of
 * fast errors would read a low p90 there; here it reads none.
 *
 * @param wholeMicros  over the whole run (the open model: the arrivals after its warm-up), as the run's latency line
 * @param steadyMicros over the steady window (the open model: the same as {@code wholeMicros})
 */
public record ServedLatency(Histogram wholeMicros, Histogram steadyMicros) {
}
