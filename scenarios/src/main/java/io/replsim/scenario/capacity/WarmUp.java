package io.replsim.scenario.capacity;

import java.util.List;

/**
 * What ran before a search's first measured step: unmeasured rounds of the first step's load, or of half of it
 * after each round the nodes could not carry (see {@link WarmUpPlan}), none of whose figures count for any step.
 *
 * @param firstStepUsers the first measured step's users, where the warm-up started
 * @param users          the users of the last round: the load the nodes were warmed at
 * @param settled        whether the last two rounds, at the same users, agreed within the plan's ratio, and the
 *                       last one's JIT was done compiling, before the maximum
 */
public record WarmUp(int firstStepUsers, int users, List<Round> rounds, boolean settled) {

    public static final WarmUp NONE = new WarmUp(0, 0, List.of(), true);

    public WarmUp {
        rounds = List.copyOf(rounds);
    }

    /**
     * One unmeasured round: its busiest node's CPU (null when not read), its throughput, p90 and failed attempts
     * over attempts in its steady window, its wall time, and whether the nodes could not carry it (the latency or
     * error limit broken: the next round runs half its users).
     */
    public record Round(int round, int users, Double maxNodeCpuUtilization, List<NodeCpu> nodeCpu,
                       double throughputPerSec, double p90Ms, long requests, double errorRatio, boolean overloaded,
                       long wallMs) {

        public Round {
            nodeCpu = List.copyOf(nodeCpu);
        }

        /** The greatest share of a node's CPU its JIT took in this round; null when not measured. */
        public Double maxCompilerShare() {
            return nodeCpu.stream().map(NodeCpu::compilerShare).filter(java.util.Objects::nonNull)
                    .max(Double::compare).orElse(null);
        }

        static Round of(int round, StepMeasurement m, boolean overloaded) {
            return new Round(round, m.users(), m.maxCpuUtilization(), m.nodes(), m.throughputPerSec(), m.p90Ms(),
                    m.requests(), m.errorRatio(), overloaded, m.wall().toMillis());
        }
    }

    /** Whether a round had to be halved: the first step's load was above what the nodes carry. */
    public boolean halved() {
        return users < firstStepUsers;
    }

    public long wallMs() {
        return rounds.stream().mapToLong(Round::wallMs).sum();
    }
}
