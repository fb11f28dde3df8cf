package io.replsim.scenario.capacity;

import java.util.List;
import java.util.Optional;

/**
 * The outcome of a users-sustained search.
 *
 * @param usersSustained the most users that passed twice (a step and its confirmation); 0 when none did
 * @param atCapacity     the confirming step's figures, empty when nothing was sustained
 * @param binding        the limits broken by the fewest users that failed: what stops the cluster going further;
 *                       empty when no step failed (the search reached its user cap)
 * @param steps          every step in the order run
 * @param stoppedEarly   the step budget ran out before the search finished; the figures are a lower bound
 * @param warmUp         what ran before the first measured step, unmeasured
 */
public record CapacityResult(int usersSustained, Optional<StepOutcome> atCapacity, List<Limit> binding,
                             List<StepOutcome> steps, boolean stoppedEarly, WarmUp warmUp) {

    public CapacityResult {
        binding = List.copyOf(binding);
        steps = List.copyOf(steps);
    }

    /** A result without a warm-up. */
    public CapacityResult(int usersSustained, Optional<StepOutcome> atCapacity, List<Limit> binding,
                          List<StepOutcome> steps, boolean stoppedEarly) {
        this(usersSustained, atCapacity, binding, steps, stoppedEarly, WarmUp.NONE);
    }

    /** The spread of the busiest node's CPU between the runs of each load the search ran. */
    public List<StepSpread> spreads() {
        return StepSpread.of(steps);
    }
}
