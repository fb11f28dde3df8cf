package io.replsim.node.app;

import java.time.Duration;
import java.util.Objects;

/**
 * The application's own work in every request, beside what the session costs: {@code cpu} burned on the worker
 * thread (its CPU time, not wall time: a worker that waits for a core still owes the rest) and {@code waitTime}
 * (the scenario's {@code wait}), a blocking call as a database query would be, during which the worker is held
 * and no CPU is used. Without it a request does almost nothing but replicate, so capacity measures replication
 * alone and no worker pool is ever too small.
 */
public record ServiceTime(Duration cpu, Duration waitTime) {
    /** A request's work is bounded so that a typo (10s for 10ms) cannot hold every worker for minutes. */
    public static final Duration MAX = Duration.ofSeconds(10);
    // after MAX, which the constructor reads
    public static final ServiceTime NONE = new ServiceTime(Duration.ZERO, Duration.ZERO);

    public ServiceTime {
        Objects.requireNonNull(cpu, "cpu");
        Objects.requireNonNull(waitTime, "waitTime");
        for (Duration part : new Duration[] {cpu, waitTime}) {
            if (part.isNegative() || part.compareTo(MAX) > 0) {
                throw new IllegalArgumentException("a service time's cpu and wait are from 0ms to 10s, got " + part);
            }
        }
    }

    public boolean isNone() {
        return cpu.isZero() && waitTime.isZero();
    }
}
