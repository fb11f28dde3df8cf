package io.replsim.node.app;

import io.replsim.settings.Grammar;
import io.replsim.settings.Setting;
import io.replsim.settings.SettingsGroup;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

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

    public static final Setting<ServiceTime, Duration> CPU = part("cpu", "--service-cpu", ServiceTime::cpu, "2ms");
    public static final Setting<ServiceTime, Duration> WAIT = part("wait", "--service-wait", ServiceTime::waitTime,
            "10ms");

    /** A scenario's {@code workload.serviceTime} section, the node's {@code --service-*} options. */
    public static final SettingsGroup<ServiceTime> SETTINGS = SettingsGroup.of((in, defaults) ->
            new ServiceTime(CPU.readFrom(in, defaults), WAIT.readFrom(in, defaults)), CPU, WAIT);

    public ServiceTime {
        Objects.requireNonNull(cpu, "cpu");
        Objects.requireNonNull(waitTime, "waitTime");
        for (Duration part : new Duration[] {cpu, waitTime}) {
            if (part.isNegative() || part.compareTo(MAX) > 0) {
                throw new IllegalArgumentException("a service time's cpu and wait are from 0ms to 10s, got " + part);
            }
        }
    }

    private static Setting<ServiceTime, Duration> part(String key, String flag, Function<ServiceTime, Duration> value,
                                                       String example) {
        return Setting.of(key, flag, Grammar.duration(), value)
                .must(part -> !part.isNegative() && part.compareTo(MAX) <= 0,
                        "a duration from 0ms to 10s, such as " + example);
    }

    public boolean isNone() {
        return cpu.isZero() && waitTime.isZero();
    }
}
