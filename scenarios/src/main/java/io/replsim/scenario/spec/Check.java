package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.Objects;

/** A pass/fail condition on a run's outcome, checked after the load ends. */
public sealed interface Check permits Check.MaxSessionsLost, Check.MaxSessionsStale, Check.LatencyBelow,
        Check.MaxViewChange, Check.MaxFailover {

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
