package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Reads the optional {@code capacity} section: the search's criteria and bounds, each with its default. */
final class CapacityReader {

    static final List<String> FIELDS = List.of("statistic", "latencyLimit", "cpuLimit", "errorLimit", "startUsers",
            "maxUsers", "maxSteps", "warmUp");
    static final List<String> WARM_UP_FIELDS = List.of("minRounds", "maxRounds");
    private static final String CPU_EXPECTED = "a share of each node's CPU budget above 0 and at most 1, such as 0.6";
    private static final String ERROR_EXPECTED = "a share of requests from 0 to 1, such as 0.001";

    private CapacityReader() {
    }

    static CapacitySettings read(MapReader capacity) {
        CapacitySettings defaults = CapacitySettings.DEFAULT;
        LatencyStatistic statistic = capacity.choice("statistic", LatencyStatistic::parse, "a latency statistic")
                .orElse(defaults.statistic());
        Duration latencyLimit = capacity.duration("latencyLimit")
                .must(limit -> limit.isPositive() && limit.compareTo(LoadReader.LONGEST_REQUEST_TIMEOUT) <= 0,
                        "a duration above 0s and at most 10m (the longest request timeout), such as 800ms")
                .orElse(defaults.latencyLimit());
        double cpuLimit = capacity.number("cpuLimit", CPU_EXPECTED).must(v -> v > 0 && v <= 1, CPU_EXPECTED)
                .orElse(defaults.cpuLimit());
        double errorLimit = capacity.number("errorLimit", ERROR_EXPECTED).must(v -> v >= 0 && v <= 1, ERROR_EXPECTED)
                .orElse(defaults.errorLimit());
        Optional<Integer> startUsers = capacity.wholeNumber("startUsers", 1, 100_000).optional().map(Long::intValue);
        int maxUsers = capacity.wholeNumber("maxUsers", 1, 100_000).orElse((long) defaults.maxUsers()).intValue();
        // two at the least: a capacity is claimed only when a repeat confirms it
        int maxSteps = capacity.wholeNumber("maxSteps", 2, 100).orElse((long) defaults.maxSteps()).intValue();
        return new CapacitySettings(statistic, latencyLimit, cpuLimit, errorLimit, startUsers, maxUsers, maxSteps,
                warmUp(capacity.optionalSection("warmUp", WARM_UP_FIELDS)));
    }

    private static CapacityWarmUp warmUp(MapReader warmUp) {
        CapacityWarmUp defaults = CapacityWarmUp.DEFAULT;
        int most = CapacityWarmUp.MOST_ROUNDS;
        int minRounds = warmUp.wholeNumber("minRounds", 0, most).orElse((long) defaults.minRounds()).intValue();
        int maxRounds = warmUp.wholeNumber("maxRounds", 0, most)
                .orElse((long) Math.max(minRounds, defaults.maxRounds())).intValue();
        if (maxRounds < minRounds) {
            warmUp.problemWith("maxRounds", "at least minRounds (" + minRounds + ")");
            return defaults;
        }
        return new CapacityWarmUp(minRounds, maxRounds);
    }
}
