package io.replsim.loadgen.open;

import io.replsim.loadgen.check.state.SessionShapes;

import java.time.Duration;
import java.util.Objects;
import io.replsim.loadgen.script.RequestType;

/**
 * An open-model load (wrk2's): requests arrive on a schedule whatever the responses do. Each arrival is served by
 * one of {@code sessions} sessions, each used by one request at a time; when every session is busy the arrival
 * waits in the driver, and that wait is part of its corrected latency, measured from when it should have started.
 *
 * @param warmUp arrivals before it are sent but not recorded
 */
public record OpenProfile(Arrivals arrivals, int sessions, Duration warmUp, Duration duration,
                          Duration requestTimeout, String path, SessionShapes shapes) {

    public OpenProfile {
        Objects.requireNonNull(arrivals, "arrivals");
        if (sessions < 1) {
            throw new IllegalArgumentException("sessions: got " + sessions + ", expected at least 1");
        }
        if (warmUp.isNegative() || warmUp.compareTo(duration) >= 0 || !requestTimeout.isPositive()) {
            throw new IllegalArgumentException("expected 0 ≤ warmUp < duration and a positive requestTimeout, got "
                    + warmUp + ", " + duration + ", " + requestTimeout);
        }
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path: got '" + path + "', expected a path starting with '/'");
        }
        Objects.requireNonNull(shapes, "shapes");
        if (RequestType.sessionOfPath(path).isEmpty()) {
            throw new IllegalArgumentException("path: got '" + path + "', expected one of the replsim apps' "
                    + "(/counter, /cart, /profile, /bean)");
        }
    }
}
