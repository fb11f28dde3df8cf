package io.replsim.scenario.report;

import io.replsim.scenario.runtime.NodeDeath;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The check every run on a cluster replsim runs is held to, whatever its scenario says: no node process or
 * container ended that no fault ended. A node that crashed, ran out of memory or was killed from outside failed
 * the cluster, so the run FAILs and names it; it is no measuring error of the driver (that would be INVALID).
 */
final class UnaskedDeaths {
    static final String CHECK = "nodes that ended with no fault ending them";

    private UnaskedDeaths() {
    }

    /** A failed check naming each such node; none when there was none, or when the runtime does not watch. */
    static Optional<CheckOutcome> check(Optional<List<NodeDeath>> deaths, long loadStartEpochMs) {
        return deaths.filter(found -> !found.isEmpty()).map(found -> new CheckOutcome(CHECK, "none",
                found.stream().map(death -> death.node() + " (" + death.instance() + ") " + death.how() + " at "
                        + CheckEvaluator.millis(death.atEpochMs() - loadStartEpochMs))
                        .collect(Collectors.joining(", ")), false));
    }
}
