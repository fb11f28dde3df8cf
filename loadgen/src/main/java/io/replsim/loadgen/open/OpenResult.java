package io.replsim.loadgen.open;

import io.replsim.loadgen.exchange.ConnectionCount;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.UsersServed;
import io.replsim.loadgen.record.Second;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.loadgen.validity.DriverCost;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * An open-model run's figures after its warm-up, and its timeline over the whole run.
 *
 * @param correctedMicros   response times from each request's intended start (its arrival): what a user arriving
 *                          then would have waited, so a stalled server or a busy driver cannot hide (wrk2)
 * @param uncorrectedMicros the same requests from when they were actually sent, beside it: the gap between the two
 *                          is coordinated omission
 * @param requests          arrivals after the warm-up, every one waited for, even past the end
 * @param intendedPerSecond the arrival rate asked for; {@code throughputPerSecond} the requests completed inside
 *                          the window over its length
 * @param responseVerdicts  every {@code 200} after the warm-up, by verdict
 * @param driverCost        the driver's CPU and GC over the window, for the validity rules on the driver
 * @param startedAt         when the first arrival was due; {@code elapsed} from then until the last request ended
 * @param perSecond         requests ended and requests failed per wall-clock second, warm-up included
 * @param timelines         one per session, in session order, warm-up included: where its requests went, as a
 *                          closed-model user's timeline, so a fault's failover reads the same for both models
 * @param distinctSessions  distinct session ids the sessions held (a session the cluster lost and issued again
 *                          counts twice)
 * @param connections       the TCP connections the driver opened
 * @param servedCorrectedMicros the successful answers' response times alone, from their intended starts:
 *                          {@code correctedMicros} holds every answer's, server errors included
 * @param users             the sessions that got a request, each served (judged at least once) or never served
 */
public record OpenResult(Duration window, long requests, ErrorCounts errors, Histogram correctedMicros,
                         Histogram uncorrectedMicros, double intendedPerSecond, double throughputPerSecond,
                         SessionVerdictCounts sessionVerdicts, ResponseVerdictCounts responseVerdicts,
                         DriverCost driverCost, Instant startedAt, Duration elapsed, List<Second> perSecond,
                         List<UserTimeline> timelines, long distinctSessions,
                         ConnectionCount.Connections connections, Histogram servedCorrectedMicros,
                         UsersServed users) {

    public OpenResult {
        perSecond = List.copyOf(perSecond);
        timelines = List.copyOf(timelines);
    }
}
