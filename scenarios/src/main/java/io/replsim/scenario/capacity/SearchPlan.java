package io.replsim.scenario.capacity;

import java.time.Duration;

/**
 * How the users-sustained search moves: start at {@code startUsers}, multiply by {@code growth} while steps pass,
 * each step a steady window {@code window} long (the scenario's); then run the boundary steps, {@code boundary} says
 * how many and how much longer. Without an estimate to aim at (no limit measured as it rises), steps bisect until
 * the gap between the most users that passed and the fewest that failed is at most {@code resolution} of the former
 * (and at least one user), then confirm by a repeat. {@code maxSteps} bounds the whole search, {@code maxUsers} the
 * users it tries.
 */
public record SearchPlan(int startUsers, double growth, double resolution, int maxSteps, int maxUsers,
                         Duration window, BoundaryPlan boundary) {

    public static final double DEFAULT_GROWTH = 2.0;
    public static final double DEFAULT_RESOLUTION = 0.05;
    public static final int DEFAULT_MAX_STEPS = 20;
    /** The quickstart's steady window, for a plan whose steps are stand-ins (a test's). */
    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(8);

    public SearchPlan {
        if (startUsers < 1 || growth <= 1 || resolution <= 0 || maxSteps < 2 || maxUsers < startUsers
                || !window.isPositive()) {
            throw new IllegalArgumentException("a search plan starts at 1 user or more, grows by more than 1, has a"
                    + " positive resolution, at least 2 steps, a user cap at or above the start and a steady window"
                    + " longer than 0; got " + this);
        }
    }

    /** A plan of {@link #DEFAULT_WINDOW} steps and the default boundary steps. */
    public SearchPlan(int startUsers, double growth, double resolution, int maxSteps, int maxUsers) {
        this(startUsers, growth, resolution, maxSteps, maxUsers, DEFAULT_WINDOW, BoundaryPlan.DEFAULT);
    }

    public static SearchPlan startingAt(int users, int maxUsers) {
        return new SearchPlan(users, DEFAULT_GROWTH, DEFAULT_RESOLUTION, DEFAULT_MAX_STEPS, maxUsers);
    }

    /** The same plan from {@code users}, capped as before: the N−1 search's. */
    public SearchPlan startingAt(int users) {
        return new SearchPlan(Math.min(users, maxUsers), growth, resolution, maxSteps, maxUsers, window, boundary);
    }

    /** The same plan with steps of {@code stepWindow}: a scenario's steady window. */
    public SearchPlan withWindow(Duration stepWindow) {
        return new SearchPlan(startUsers, growth, resolution, maxSteps, maxUsers, stepWindow, boundary);
    }

    /** A boundary step's steady window. */
    public Duration boundaryWindow() {
        return window.multipliedBy(boundary.windowFactor());
    }

    /** Whether the gap between {@code passed} and {@code failed} users is fine enough to stop bisecting. */
    boolean fineEnough(int passed, int failed) {
        return failed - passed <= Math.max(1, resolution * passed);
    }

    int grow(int users) {
        return Math.min(maxUsers, Math.max(users + 1, (int) Math.ceil(users * growth)));
    }
}
