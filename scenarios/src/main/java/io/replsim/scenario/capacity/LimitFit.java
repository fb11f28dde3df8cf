package io.replsim.scenario.capacity;

/**
 * The line fitted for one limit near the answer, as the console and summary.json report it: over which steps, how
 * steeply the measure rose and how far its readings scattered about the line, and where it reached the limit.
 *
 * @param points     the valid steps the line was fitted to
 * @param fromUsers  the fewest users among them
 * @param toUsers    the most users among them
 * @param slope      the measure's rise per user (CPU: share of the budget; latency: its natural logarithm); null
 *                   with too few steps
 * @param scatter    how far a reading over {@code windowMs} scatters about the line (one standard deviation, in the
 *                   measure's units); null with too few steps
 * @param windowMs   the longest steady window among the steps, the one {@code scatter} is for
 * @param users      where the line reaches the limit; null when it does not rise (or with too few steps)
 * @param low        the 95% interval's low end; null when none
 * @param high       its high end; null when none
 * @param nextLow    the low end of the 95% interval for where another search's line would reach the limit
 *                   ({@link LinearFit#predictedCrossing}); null when none
 * @param nextHigh   its high end; null when none
 * @param note       why there is no crossing, or empty
 */
public record LimitFit(Limit limit, int points, int fromUsers, int toUsers, Double slope, Double scatter,
                       long windowMs, Double users, Double low, Double high, Double nextLow, Double nextHigh,
                       String note) {

    /** Whether the line reaches the limit within a 95% interval. */
    public boolean crossed() {
        return low != null;
    }
}
