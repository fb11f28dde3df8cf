package io.replsim.scenario.spec;

/**
 * The {@code capacity.warmUp} section: how many unmeasured rounds warm the nodes before a search's first measured
 * step (at least {@code minRounds}, at most {@code maxRounds}; between them, until two rounds agree). The default
 * warms fresh JVMs whose JIT compiles for over a minute (docs/capacity.md); a smaller count suits a target that is
 * already warm, or a test about the search's moves rather than this machine's figures.
 */
public record CapacityWarmUp(int minRounds, int maxRounds) {

    public static final CapacityWarmUp DEFAULT = new CapacityWarmUp(4, 8);
    public static final int MOST_ROUNDS = 50;

    public CapacityWarmUp {
        if (minRounds < 0 || maxRounds < minRounds || maxRounds > MOST_ROUNDS) {
            throw new IllegalArgumentException("a warm-up runs from 0 to " + MOST_ROUNDS + " rounds, at most as"
                    + " many as its maximum; got " + minRounds + " to " + maxRounds);
        }
    }
}
