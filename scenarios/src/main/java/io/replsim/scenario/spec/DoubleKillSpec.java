package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.Objects;

/**
 * The double failure one backup cannot cover: the target dies (SIGKILL), then its buddy {@code gap} later, the
 * buddy being the member after the target in the view when the fault fires ({@code buddy-of}). One fault, so its
 * figures and its expectations see both deaths: under BUDDIES(1) the target's own sessions have no copy left.
 */
public record DoubleKillSpec(Schedule schedule, NodeSelector target, Duration gap) implements FaultSpec {

    public DoubleKillSpec {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(gap, "gap");
        if (gap.isNegative()) {
            throw new IllegalArgumentException("the gap between the two kills is 0 or more, got " + gap);
        }
    }

    @Override
    public String type() {
        return "double-kill";
    }
}
