package io.replsim.scenario.spec;

import java.util.Objects;
import java.util.Optional;

/** Ends a pause: of the named node, or of every node still paused when {@code node} is empty. */
public record ResumeSpec(Schedule schedule, Optional<String> node) implements FaultSpec {

    public ResumeSpec {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(node, "node");
    }

    @Override
    public String type() {
        return "resume";
    }
}
