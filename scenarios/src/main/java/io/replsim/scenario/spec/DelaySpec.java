package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A slow node: every cluster message it sends waits {@code delay} (JGroups DELAY), heartbeats included. Healed
 * after {@code lasting}, or when the run ends.
 */
public record DelaySpec(Schedule schedule, NodeSelector target, Duration delay, Optional<Duration> lasting)
        implements FaultSpec {

    public DelaySpec {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(delay, "delay");
        Objects.requireNonNull(lasting, "lasting");
        if (!delay.isPositive()) {
            throw new IllegalArgumentException("a delay is above 0s, got " + delay);
        }
        lasting.ifPresent(PauseSpec::requirePositive);
    }

    @Override
    public String type() {
        return "delay";
    }
}
