package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.Objects;

/** A sudden node death (SIGKILL in the process runtime): no graceful leave, so the others must detect it. */
public record KillSpec(Duration at, NodeSelector target) implements FaultSpec {

    public KillSpec {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(target, "target");
        if (at.isNegative()) {
            throw new IllegalArgumentException("a kill happens at 0s or later, got " + at);
        }
    }
}
