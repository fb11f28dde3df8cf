package io.replsim.scenario.spec;

import io.replsim.loadgen.anomaly.AnomalyKind;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/** A pass/fail condition on a run's outcome, checked after the load ends. */
public sealed interface Check permits Check.MaxSessionsLost, Check.MaxSessionsStale, Check.LatencyBelow,
        Check.MaxViewChange, Check.MaxFailover, Check.MaxErrorsPerFault, Check.MaxP90Recovery,
        Check.MaxMergeAfterHeal, Check.MaxSurvivorCpu, Check.MaxAnomalies {

    /** At most this many sessions came back unknown (a new session where an existing one was expected). */
    record MaxSessionsLost(long max) implements Check {
        public MaxSessionsLost {
            requireNotNegative(max);
        }
    }

    /** At most this many sessions came back with an older state than the last one the user saw. */
    record MaxSessionsStale(long max) implements Check {
        public MaxSessionsStale {
            requireNotNegative(max);
        }
    }

    /** The response-time percentile over the whole run stays below the bound; percentile 100 is the maximum. */
    record LatencyBelow(double percentile, Duration bound) implements Check {
        public LatencyBelow {
            Objects.requireNonNull(bound, "bound");
            if (!(percentile > 0 && percentile <= 100) || !bound.isPositive()) {
                throw new IllegalArgumentException("a latency check needs a percentile in (0, 100] and a positive"
                        + " bound, got p" + percentile + " below " + bound);
            }
        }
    }

    /** From a kill to the survivors' new view (failure detection) takes at most this long. */
    record MaxViewChange(Duration max) implements Check {
        public MaxViewChange {
            requirePositive(max);
        }
    }

    /** From a kill to the first good response of the last user it affected takes at most this long. */
    record MaxFailover(Duration max) implements Check {
        public MaxFailover {
            requirePositive(max);
        }
    }

    /** In each fault's window, at most this many failed attempts. */
    record MaxErrorsPerFault(long max) implements Check {
        public MaxErrorsPerFault {
            requireNotNegative(max);
        }
    }

    /** After each fault, p90 is back under the run's bound within this long. */
    record MaxP90Recovery(Duration max) implements Check {
        public MaxP90Recovery {
            requirePositive(max);
        }
    }

    /** After each healed pause or partition, the node is back in every survivor's view within this long. */
    record MaxMergeAfterHeal(Duration max) implements Check {
        public MaxMergeAfterHeal {
            requirePositive(max);
        }
    }

    /** After each fault, no survivor uses more than this fraction of its CPU budget (0.6: the usual ceiling). */
    record MaxSurvivorCpu(double max) implements Check {
        public MaxSurvivorCpu {
            if (!(max > 0 && max <= 1)) {
                throw new IllegalArgumentException("a CPU utilization is above 0 and at most 1, got " + max);
            }
        }
    }

    /**
     * At most this many anomalies of each kind named in the run's history (docs/drills.md, "Session consistency");
     * kinds not named are counted, not checked.
     */
    record MaxAnomalies(Map<AnomalyKind, Long> limits) implements Check {
        public MaxAnomalies {
            if (limits.isEmpty()) {
                throw new IllegalArgumentException("an anomaly check limits at least one kind");
            }
            limits.values().forEach(Check::requireNotNegative);
            limits = Collections.unmodifiableMap(new EnumMap<>(limits));
        }
    }

    private static void requireNotNegative(long max) {
        if (max < 0) {
            throw new IllegalArgumentException("a maximum count is 0 or more, got " + max);
        }
    }

    private static void requirePositive(Duration max) {
        Objects.requireNonNull(max, "max");
        if (!max.isPositive()) {
            throw new IllegalArgumentException("a maximum time is above 0, got " + max);
        }
    }
}
