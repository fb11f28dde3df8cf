package io.replsim.scenario.capacity;

/**
 * How the nodes are warmed before a search's first measured step: unmeasured rounds of the first step's load, at
 * least {@code minRounds}, until the busiest node's CPU of a round is within {@code settledRatio} of the round
 * before it, at most {@code maxRounds}. Why: on a fresh node the JIT's C2 compiler thread burns 0.1-0.27 cores for
 * the first ~80 s of load (measured, docs/capacity.md), so a cold first step read 46-63% of a 0.66-core budget
 * where the same load warm read 29-38%, and the search's answer depended on how cold its first steps were.
 */
public record WarmUpPlan(int minRounds, int maxRounds, double settledRatio) {

    public static final WarmUpPlan NONE = new WarmUpPlan(0, 0, 1.0);
    public static final WarmUpPlan DEFAULT = new WarmUpPlan(4, 8, 1.15);

    public WarmUpPlan {
        if (minRounds < 0 || maxRounds < minRounds || settledRatio < 1) {
            throw new IllegalArgumentException("a warm-up runs 0 or more rounds, at most as many as its maximum, and"
                    + " is settled within a ratio of 1 or more; got " + this);
        }
    }

    /** Whether the rounds so far are enough: the minimum run and the last two readings within the ratio. */
    boolean settled(java.util.List<Double> busiestCpuPerRound) {
        int rounds = busiestCpuPerRound.size();
        if (rounds < minRounds) {
            return false;
        }
        if (rounds < 2) {
            return true;
        }
        Double last = busiestCpuPerRound.get(rounds - 1);
        Double before = busiestCpuPerRound.get(rounds - 2);
        if (last == null || before == null) {
            return true; // a target whose CPU is not read: the minimum rounds are all the warm-up can do
        }
        return Math.max(last, before) <= settledRatio * Math.min(last, before);
    }
}
