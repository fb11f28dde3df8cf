package io.replsim.scenario.capacity;

import java.util.List;

/**
 * A search's answer: the users sustained with an interval, and what binds them.
 *
 * @param method  FIT: where a line fitted to the valid steps near the boundary reaches the binding limit, with the
 *                95% interval around it; STEPS: the {@link StepAnswer}, when no line could say (a limit with no
 *                measure to fit, too few or too scattered steps, or no limit reached), its interval from the answer
 *                to the fewest users that failed
 * @param users   the users sustained
 * @param low     the interval's low end
 * @param high    the interval's high end
 * @param nextLow  FIT: the low end of the 95% interval for where another search would put the answer (the line's own
 *                 uncertainty and one more reading's scatter about it: a cluster's CPU at one load moves between
 *                 searches about as much as a reading scatters within one); STEPS: as {@code low}
 * @param nextHigh its high end; STEPS: as {@code high}
 * @param binding the limits that bind: the one whose line reaches its limit first (FIT), or those the fewest users
 *                that failed broke (STEPS); empty when no load failed
 * @param fits    the line of each limit that was fitted, the binding one among them
 * @param steps   the answer from the verdicts alone, beside the fitted one
 * @param note    why the answer is from the steps, or what capped the fitted one; empty when nothing did
 */
public record CapacityEstimate(Method method, int users, int low, int high, int nextLow, int nextHigh,
                               List<Limit> binding, List<LimitFit> fits,
                               StepAnswer steps, String note) {

    public enum Method { FIT, STEPS }

    /** The confidence of a fitted interval. */
    public static final double CONFIDENCE = 0.95;

    public CapacityEstimate {
        binding = List.copyOf(binding);
        fits = List.copyOf(fits);
    }

    public boolean fitted() {
        return method == Method.FIT;
    }

    /** Whether the interval is within {@code share} of the answer on either side. */
    public boolean narrowerThan(double share) {
        return users > 0 && (high - low) / 2.0 <= share * users;
    }
}
