package io.replsim.scenario.capacity;

import java.util.List;

/**
 * What ran before a search's first measured step: unmeasured rounds of the first step's load (see
 * {@link WarmUpPlan}), none of whose figures count for any step.
 *
 * @param settled whether the last two rounds' busiest-node CPU agreed within the plan's ratio before the maximum
 */
public record WarmUp(int users, List<Round> rounds, boolean settled) {

    public static final WarmUp NONE = new WarmUp(0, List.of(), true);

    public WarmUp {
        rounds = List.copyOf(rounds);
    }

    /** One unmeasured round: its busiest node's CPU (null when not read), its throughput and p90, its wall time. */
    public record Round(int round, int users, Double maxNodeCpuUtilization, List<NodeCpu> nodeCpu,
                       double throughputPerSec, double p90Ms, long wallMs) {

        public Round {
            nodeCpu = List.copyOf(nodeCpu);
        }

        static Round of(int round, StepMeasurement m) {
            return new Round(round, m.users(), m.maxCpuUtilization(), m.nodes(), m.throughputPerSec(), m.p90Ms(),
                    m.wall().toMillis());
        }
    }

    public long wallMs() {
        return rounds.stream().mapToLong(Round::wallMs).sum();
    }
}
