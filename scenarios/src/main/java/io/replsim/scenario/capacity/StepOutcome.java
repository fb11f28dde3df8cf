package io.replsim.scenario.capacity;

import java.util.List;

/** One row of a search: which step, why it ran, what it measured and which limits it broke. */
public record StepOutcome(int index, Phase phase, StepMeasurement measurement, List<Limit> broken) {

    public enum Phase {
        /** Users multiplied until a step fails. */
        STEP_UP,
        /** Halving the gap between the most users that passed and the fewest that failed. */
        BISECT,
        /** The fewest users that failed, run again: a limit binds only when it breaks twice. */
        RECHECK,
        /** The best passing step, run again: capacity is only claimed when it holds twice. */
        CONFIRM
    }

    public StepOutcome {
        broken = List.copyOf(broken);
    }

    public boolean passed() {
        return broken.isEmpty();
    }

    public int users() {
        return measurement.users();
    }
}
