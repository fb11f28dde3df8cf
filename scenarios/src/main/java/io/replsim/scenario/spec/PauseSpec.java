package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A frozen node (SIGSTOP, like a long GC pause): it answers nothing until resumed, after {@code lasting} or by a
 * later {@link ResumeSpec}; whatever is still paused when the run ends is resumed then.
 */
public record PauseSpec(Schedule schedule, NodeSelector target, Optional<Duration> lasting) implements FaultSpec {

    public PauseSpec {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(lasting, "lasting");
        lasting.ifPresent(PauseSpec::requirePositive);
    }

    static void requirePositive(Duration lasting) {
        if (!lasting.isPositive()) {
            throw new IllegalArgumentException("a fault lasts more than 0s, got " + lasting);
        }
    }

    @Override
    public String type() {
        return "pause";
    }
}
