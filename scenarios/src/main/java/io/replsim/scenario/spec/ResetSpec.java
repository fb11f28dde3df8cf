package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Answers lost on the way back: the target processes each request as usual (its session stored and replicated) and
 * resets the connection instead of answering, as behind a middlebox that resets established connections (a
 * conntrack flush, a balancer's idle-timeout race). The client sees its connection fail with no answer. Healed after
 * {@code lasting}, or when the run ends.
 */
public record ResetSpec(Schedule schedule, NodeSelector target, Optional<Duration> lasting) implements FaultSpec {

    public ResetSpec {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(lasting, "lasting");
        lasting.ifPresent(PauseSpec::requirePositive);
    }

    @Override
    public String type() {
        return "reset";
    }
}
