package io.replsim.scenario.compare;

import io.replsim.scenario.capacity.CapacitySummary;
import io.replsim.scenario.capacity.Limit;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a capacity comparison reads from one variant's search: the users sustained (or arrivals a second, in
 * {@code unit}), its own 95% interval and the one for another search's answer ({@code nextLow}-{@code nextHigh},
 * the search's scatter from one search to the next), how the answer was worked out ({@code fit} or {@code steps}),
 * the limits that bind it (none: no load failed at least half of its runs, so the answer is a floor; a floor too
 * when only the driver or the machine bound it) and the search's verdict
 * (INVALID when the machine's cores bound it).
 */
public record SearchFigures(int usersSustained, int low, int high, int nextLow, int nextHigh, String method,
                            List<String> binding, String verdict, String unit) {

    public SearchFigures {
        binding = List.copyOf(binding);
    }

    public static SearchFigures of(CapacitySummary summary) {
        CapacitySummary.Search search = summary.search();
        return new SearchFigures(search.usersSustained(), search.low(), search.high(), search.nextLow(),
                search.nextHigh(), search.method(), search.binding(), summary.verdict(), summary.loadUnit());
    }

    /** Whether a limit bound the answer; without one the search sustained at least that (its cap, or outweighed). */
    public boolean bound() {
        return !binding.isEmpty();
    }

    /**
     * Whether one of the cluster's own limits (latency, CPU, errors) bound the answer. Without one the cluster
     * sustained at least the answer: the search reached its cap, or the driver (VALIDITY) or the machine's cores
     * (MACHINE) ran out first, and the cluster's own limit lies somewhere above.
     */
    public boolean clusterBound() {
        return binding.stream().anyMatch(CLUSTER_LIMITS::contains);
    }

    private static final List<String> CLUSTER_LIMITS = Stream.of(Limit.LATENCY, Limit.CPU, Limit.ERRORS)
            .map(Limit::name).toList();
}
