package io.replsim.scenario.capacity;

/**
 * How the users-sustained search moves: start at {@code startUsers}, multiply by {@code growth} while steps pass,
 * then bisect until the gap between the most users that passed and the fewest that failed is at most
 * {@code resolution} of the former (and at least one user), then confirm by a repeat. {@code maxSteps} bounds the
 * whole search, {@code maxUsers} the users it tries.
 */
public record SearchPlan(int startUsers, double growth, double resolution, int maxSteps, int maxUsers) {

    public static final double DEFAULT_GROWTH = 2.0;
    public static final double DEFAULT_RESOLUTION = 0.05;
    public static final int DEFAULT_MAX_STEPS = 20;

    public SearchPlan {
        if (startUsers < 1 || growth <= 1 || resolution <= 0 || maxSteps < 2 || maxUsers < startUsers) {
            throw new IllegalArgumentException("a search plan starts at 1 user or more, grows by more than 1, has a"
                    + " positive resolution, at least 2 steps and a user cap at or above the start; got " + this);
        }
    }

    public static SearchPlan startingAt(int users, int maxUsers) {
        return new SearchPlan(users, DEFAULT_GROWTH, DEFAULT_RESOLUTION, DEFAULT_MAX_STEPS, maxUsers);
    }

    /** Whether the gap between {@code passed} and {@code failed} users is fine enough to stop bisecting. */
    boolean fineEnough(int passed, int failed) {
        return failed - passed <= Math.max(1, resolution * passed);
    }

    int grow(int users) {
        return Math.min(maxUsers, Math.max(users + 1, (int) Math.ceil(users * growth)));
    }
}
