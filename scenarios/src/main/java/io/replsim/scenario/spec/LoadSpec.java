package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.Objects;

/**
 * The closed-loop load: {@code users} virtual users, each sending a request, waiting for the answer, then thinking.
 *
 * @param rampUp         the time over which the users start, evenly spread
 * @param duration       the whole load phase, ramp-up included
 * @param requestTimeout how long a user waits for one response before counting a timeout
 */
public record LoadSpec(int users, Duration thinkTime, Duration rampUp, Duration duration, Duration requestTimeout) {

    public static final Duration DEFAULT_RAMP_UP = Duration.ZERO;
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(5);

    public LoadSpec {
        Objects.requireNonNull(thinkTime, "thinkTime");
        Objects.requireNonNull(rampUp, "rampUp");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        if (users < 1 || thinkTime.isNegative() || rampUp.isNegative() || !duration.isPositive()
                || !requestTimeout.isPositive()) {
            throw new IllegalArgumentException("a load has at least 1 user, no negative times and a positive duration"
                    + " and request timeout, got " + users + " users, thinkTime " + thinkTime + ", rampUp " + rampUp
                    + ", duration " + duration + ", requestTimeout " + requestTimeout);
        }
    }
}
