package io.replsim.scenario.compare;

import io.replsim.scenario.capacity.CapacitySummary;
import java.util.List;

/**
 * What a capacity comparison reads from one variant's search: the users sustained (or arrivals a second, in
 * {@code unit}), its own 95% interval and the one for another search's answer ({@code nextLow}-{@code nextHigh},
 * the search's scatter from one search to the next), how the answer was worked out ({@code fit} or {@code steps}),
 * the limits that bind it (none: the search stopped at its cap, so its answer is a floor) and the search's verdict
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

    /** Whether a limit bound the answer; without one the search reached its cap and sustained at least that. */
    public boolean bound() {
        return !binding.isEmpty();
    }
}
