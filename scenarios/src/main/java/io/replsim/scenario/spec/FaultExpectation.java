package io.replsim.scenario.spec;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What one fault of a scenario is expected to do, written in its {@code expect:} map and held against that fault
 * alone: the run fails when one does not hold, naming the fault and the expectation.
 */
public sealed interface FaultExpectation permits FaultExpectation.Bound, FaultExpectation.MaxLost,
        FaultExpectation.MaxStale, FaultExpectation.LostExactlyUnreplicated {

    /** A per-fault check of the {@code checks} section ({@code maxViewChange: 2s}), held against this fault only. */
    record Bound(Check check) implements FaultExpectation {
        private static final Set<Class<? extends Check>> PER_FAULT = Set.of(Check.MaxViewChange.class,
                Check.MaxFailover.class, Check.MaxErrorsPerFault.class, Check.MaxP90Recovery.class,
                Check.MaxMergeAfterHeal.class, Check.MaxSurvivorCpu.class);

        public Bound {
            Objects.requireNonNull(check, "check");
            if (!PER_FAULT.contains(check.getClass())) {
                throw new IllegalArgumentException("not a check of one fault: " + check);
            }
        }
    }

    /** At most this many sessions LOST in the fault's window ({@code maxLost: 0}). */
    record MaxLost(long max) implements FaultExpectation {
        public MaxLost {
            if (max < 0) {
                throw new IllegalArgumentException("a maximum count is 0 or more, got " + max);
            }
        }
    }

    /** At most this many sessions STALE in the fault's window ({@code maxStale: 0}). */
    record MaxStale(long max) implements FaultExpectation {
        public MaxStale {
            if (max < 0) {
                throw new IllegalArgumentException("a maximum count is 0 or more, got " + max);
            }
        }
    }

    /**
     * {@code lost: owner-and-backups-dead}: the sessions lost in the fault's window are exactly those whose owner
     * and every backup were among the fault's nodes, no more (replication failed) and no fewer (the oracle is wrong
     * about where sessions lived). The owner is the node serving the user when the fault struck; the backups are
     * the scenario's placement applied to the view then, as every node computes them.
     */
    record LostExactlyUnreplicated() implements FaultExpectation {
        public static final String WRITTEN = "owner-and-backups-dead";
    }

    /** The expectations of the fault at {@code fault} in the scenario's faults list (from 0). */
    record OfFault(int fault, List<FaultExpectation> expect) {
        public OfFault {
            expect = List.copyOf(expect);
        }
    }
}
