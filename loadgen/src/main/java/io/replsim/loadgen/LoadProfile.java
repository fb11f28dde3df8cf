package io.replsim.loadgen;

import java.time.Duration;
import java.util.Objects;

/**
 * What the driver does: {@code users} closed-loop virtual users, each sending {@code GET <node><path>} and then
 * thinking for {@code thinkTime} after every response, started evenly over {@code rampUp} and stopped at
 * {@code duration} from the start (the ramp-up is part of the duration).
 *
 * @param users          virtual users, at least 1; each runs on its own virtual thread
 * @param thinkTime      fixed pause after each response (or error), zero or more
 * @param rampUp         the users' start times are spread evenly over this, zero or more and at most {@code duration}
 * @param duration       how long the run lasts from {@link LoadDriver#start()}; no request starts after it
 * @param requestTimeout connect timeout and per-request timeout; a request that takes longer counts as a timeout
 * @param path           the counter app's path, e.g. {@code /counter}; must start with {@code /}
 */
public record LoadProfile(int users, Duration thinkTime, Duration rampUp, Duration duration, Duration requestTimeout,
                          String path) {

    public LoadProfile {
        if (users < 1) {
            throw new IllegalArgumentException("users: got " + users + ", expected at least 1");
        }
        requireNonNegative(thinkTime, "thinkTime");
        requireNonNegative(rampUp, "rampUp");
        requirePositive(duration, "duration");
        requirePositive(requestTimeout, "requestTimeout");
        if (rampUp.compareTo(duration) > 0) {
            throw new IllegalArgumentException("rampUp: got " + rampUp + ", expected at most the duration " + duration);
        }
        Objects.requireNonNull(path, "path");
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path: got '" + path + "', expected a path starting with '/', e.g. /counter");
        }
    }

    private static void requireNonNegative(Duration value, String field) {
        Objects.requireNonNull(value, field);
        if (value.isNegative()) {
            throw new IllegalArgumentException(field + ": got " + value + ", expected zero or more");
        }
    }

    private static void requirePositive(Duration value, String field) {
        Objects.requireNonNull(value, field);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(field + ": got " + value + ", expected more than zero");
        }
    }
}
