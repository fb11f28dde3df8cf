package io.replsim.scenario.spec;

import java.util.Objects;

/**
 * The open model of a load ({@code load.model: open}): requests arrive at {@code ratePerSecond} whatever the
 * responses do (wrk2), each taking one of {@code sessions} sessions that serve one request at a time; an arrival that
 * finds them all busy waits in the driver, and that wait counts in its latency, measured from when it should have
 * started.
 */
public record OpenModel(ArrivalKind arrivals, double ratePerSecond, int sessions) {

    public static final ArrivalKind DEFAULT_ARRIVALS = ArrivalKind.CONSTANT;
    public static final int DEFAULT_SESSIONS = 100;

    public OpenModel {
        Objects.requireNonNull(arrivals, "arrivals");
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond) || sessions < 1) {
            throw new IllegalArgumentException("an open model needs a rate above 0 and at least 1 session, got "
                    + ratePerSecond + "/s and " + sessions + " sessions");
        }
    }
}
