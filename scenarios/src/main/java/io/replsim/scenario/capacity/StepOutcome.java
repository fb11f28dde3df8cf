package io.replsim.scenario.capacity;

import java.util.List;

/** One row of a search: which step, why it ran, what it measured and which limits it broke. */
public record StepOutcome(int index, Phase phase, StepMeasurement measurement, List<Limit> broken) {

    public enum Phase {
        /** Users multiplied until a step fails. */
        STEP_UP,
        /** A failed step-up run again: the majority of three decides whether the search climbs on. */
        RECHECK,
        /** Halving the gap between the most users that passed and the fewest that failed. */
        BISECT,
        /** A longer step where the estimate so far puts the answer, to narrow its interval. */
        BOUNDARY,
        /** The answer from the steps, run again when no line aims the search: it passed every one of two runs. */
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
