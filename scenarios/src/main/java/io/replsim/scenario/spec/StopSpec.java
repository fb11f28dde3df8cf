package io.replsim.scenario.spec;

import java.util.Objects;

/** A graceful stop (SIGTERM): the node leaves the group itself, so no failure detection is needed. */
public record StopSpec(Schedule schedule, NodeSelector target) implements FaultSpec {

    public StopSpec {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(target, "target");
    }

    @Override
    public String type() {
        return "stop";
    }
}
