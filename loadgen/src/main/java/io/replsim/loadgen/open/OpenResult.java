package io.replsim.loadgen.open;

import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.validity.DriverCost;
import java.time.Duration;
import org.HdrHistogram.Histogram;

/**
 * An open-model run's figures after its warm-up.
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
 */
public record OpenResult(Duration window, long requests, ErrorCounts errors, Histogram correctedMicros,
                         Histogram uncorrectedMicros, double intendedPerSecond, double throughputPerSecond,
                         SessionVerdictCounts sessionVerdicts, ResponseVerdictCounts responseVerdicts,
                         DriverCost driverCost) {
}
