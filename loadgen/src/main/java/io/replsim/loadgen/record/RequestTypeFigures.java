package io.replsim.loadgen.record;

import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.script.RequestType;
import org.HdrHistogram.Histogram;

/**
 * One request type of a user script over the whole run.
 *
 * @param requests      requests of this type completed, answered or failed
 * @param errors        failed attempts of this type by kind
 * @param responses     its {@code 200} responses by verdict, judged against the session the type works on
 * @param latencyMicros its response times, tagged with the type's label
 */
public record RequestTypeFigures(RequestType type, long requests, ErrorCounts errors, ResponseVerdictCounts responses,
                                 Histogram latencyMicros) {
}
