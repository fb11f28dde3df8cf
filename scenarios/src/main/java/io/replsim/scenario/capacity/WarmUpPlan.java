package io.replsim.scenario.capacity;

import io.replsim.scenario.report.NodeFigures;
import java.util.List;

/**
 * How the nodes are warmed before a search's first measured step: unmeasured rounds of the first step's load, at
 * least {@code minRounds}, until the busiest node's CPU of a round is within {@code settledRatio} of the round
 * before it at the same users and no node's JIT took more than a tenth of its CPU in the last round, at most
 * {@code maxRounds}. A round that breaks the latency or the error limit was
 * above what the nodes carry, and the next runs half its users: a search started above the capacity once warmed its
 * nodes at 6,400 users, three times its capacity, and a node died of an OutOfMemoryError in the sixth round. Why: on a fresh node the JIT's C2 compiler thread burns 0.1-0.27 cores for
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

    /** Whether rounds at one load are enough, every round counted toward the minimum (test seam). */
    boolean settled(List<Double> busiestCpuPerRound) {
        return settled(busiestCpuPerRound, busiestCpuPerRound.size());
    }

    /**
     * Whether the rounds so far are enough: {@code roundsRun} at least the minimum, and the last two readings at the
     * current users within the ratio.
     *
     * @param busiestAtUsers the busiest node's CPU of each round at the current users, oldest first
     * @param roundsRun      every round run so far, at any users
     */
    boolean settled(List<Double> busiestAtUsers, int roundsRun) {
        return settled(busiestAtUsers, roundsRun, null);
    }

    /**
     * As {@link #settled(List, int)}, and the last round's JIT done: two rounds can agree while both compile (a
     * 0.66-core node compiles for 2-3 minutes of load), and the first steps would then read the compiler's CPU.
     *
     * @param lastCompilerShare the greatest share of a node's CPU its JIT took in the last round; null: not measured
     */
    boolean settled(List<Double> busiestAtUsers, int roundsRun, Double lastCompilerShare) {
        if (roundsRun < minRounds) {
            return false;
        }
        if (lastCompilerShare != null && lastCompilerShare > NodeFigures.UNSETTLED_COMPILER_SHARE) {
            return false;
        }
        int atUsers = busiestAtUsers.size();
        if (atUsers < 2) {
            return atUsers >= minRounds; // only a plan of at most one round settles on one reading
        }
        Double last = busiestAtUsers.get(atUsers - 1);
        Double before = busiestAtUsers.get(atUsers - 2);
        if (last == null || before == null) {
            return true; // a target whose CPU is not read: the minimum rounds are all the warm-up can do
        }
        return Math.max(last, before) <= settledRatio * Math.min(last, before);
    }
}
