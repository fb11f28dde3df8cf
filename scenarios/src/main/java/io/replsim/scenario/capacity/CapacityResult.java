package io.replsim.scenario.capacity;

import java.util.List;
import java.util.Optional;

/**
 * The outcome of a users-sustained search.
 *
 * @param estimate     the answer, its interval and what binds it
 * @param atCapacity   the valid step nearest the answer, whose figures stand for the cluster at capacity; empty when
 *                     nothing was sustained
 * @param steps        every step in the order run
 * @param stoppedEarly the step budget ran out before either the line or the steps answered; the estimate is what
 *                     the steps said so far, not an answer
 * @param warmUp       what ran before the first measured step, unmeasured
 */
public record CapacityResult(CapacityEstimate estimate, Optional<StepOutcome> atCapacity, List<StepOutcome> steps,
                             boolean stoppedEarly, WarmUp warmUp) {

    public CapacityResult {
        steps = List.copyOf(steps);
    }

    /** The users sustained: the estimate's; 0 when none, or when the step budget ran out before the search ended. */
    public int usersSustained() {
        return stoppedEarly ? 0 : estimate.users();
    }

    /** The limits that bind the answer; empty when no load failed (the search reached its cap). */
    public List<Limit> binding() {
        return estimate.binding();
    }

    /** The spread of the busiest node's CPU between the runs of each load the search ran. */
    public List<StepSpread> spreads() {
        return StepSpread.of(steps);
    }
}
