package io.replsim.scenario.capacity;

/**
 * The search's boundary steps: loads near the answer, each with a steady window {@code windowFactor} times the
 * other steps' (so that the busiest node's CPU reading moves less between runs: docs/capacity.md measures it), at
 * least {@code minSteps} and at most {@code maxSteps} of them when a fitted line aims them; between the two, until
 * the estimate's interval is within {@code narrowEnough} of the estimate on either side.
 */
public record BoundaryPlan(int windowFactor, int minSteps, int maxSteps, double narrowEnough) {

    public static final BoundaryPlan DEFAULT = new BoundaryPlan(3, 3, 5, 0.05);

    public BoundaryPlan {
        if (windowFactor < 1 || minSteps < 0 || maxSteps < minSteps || narrowEnough <= 0) {
            throw new IllegalArgumentException("boundary steps have a window of 1 or more times the others', a"
                    + " minimum of 0 or more and at most their maximum, and a positive width to stop at; got "
                    + this);
        }
    }
}
