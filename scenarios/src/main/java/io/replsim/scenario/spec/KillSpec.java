package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.Objects;

/** A sudden node death (SIGKILL in the process runtime): no graceful leave, so the others must detect it. */
public record KillSpec(Schedule schedule, NodeSelector target) implements FaultSpec {

    public KillSpec {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(target, "target");
    }

    public KillSpec(Duration at, NodeSelector target) {
        this(new Schedule.At(at), target);
    }

    @Override
    public String type() {
        return "kill";
    }
}
