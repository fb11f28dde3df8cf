package io.replsim.loadgen.route;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/** A clock a test moves by hand. */
final class ManualClock implements InstantSource {

    private Instant now = Instant.parse("2026-01-01T00:00:00Z");

    @Override
    public synchronized Instant instant() {
        return now;
    }

    synchronized void advance(Duration by) {
        now = now.plus(by);
    }
}
