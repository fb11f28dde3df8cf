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
 */
public record CapacityResult(int usersSustained, Optional<StepOutcome> atCapacity, List<Limit> binding,
                             List<StepOutcome> steps, boolean stoppedEarly) {

    public CapacityResult {
        binding = List.copyOf(binding);
        steps = List.copyOf(steps);
    }
}
