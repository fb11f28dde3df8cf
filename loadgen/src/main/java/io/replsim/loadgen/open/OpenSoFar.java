package io.replsim.loadgen.open;

import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.exchange.ErrorCounts;
import org.HdrHistogram.Histogram;

/**
 * An open-model run's figures after its warm-up so far, running totals of its {@link OpenResult}'s tallies.
 *
 * @param over      the schedule is over and the figures are the result's
 * @param inFlight  sessions with a request in flight now
 * @param requests  arrivals after the warm-up whose request ended, answered or failed
 * @param correctedMicros their answers' response times from their intended starts, a copy
 * @param sessions  sessions by their worst verdict so far, each as of its last request's end after it was asked
 */
public record OpenSoFar(boolean over, int inFlight, long requests, ErrorCounts errors, Histogram correctedMicros,
                        ResponseVerdictCounts responses, SessionVerdictCounts sessions) {
}
