package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Reads the optional {@code capacity} section: the search's criteria and bounds, each with its default. */
final class CapacityReader {

    static final List<String> FIELDS = List.of("statistic", "latencyLimit", "cpuLimit", "errorLimit", "startUsers",
            "maxUsers", "startRate", "maxRate", "maxSteps", "warmUp");
    static final List<String> WARM_UP_FIELDS = List.of("minRounds", "maxRounds");
    private static final String CPU_EXPECTED = "a share of each node's CPU budget above 0 and at most 1, such as 0.6";
    private static final String ERROR_EXPECTED = "a share of attempts (failed over all) from 0 to 1, such as 0.001";

    private CapacityReader() {
    }

    /** {@code open}: the load's model is open, so the search steps the arrival rate and the users' bounds are refused. */
    static CapacitySettings read(MapReader capacity, boolean open) {
        CapacitySettings defaults = CapacitySettings.DEFAULT;
        LatencyStatistic statistic = capacity.choice("statistic", LatencyStatistic.class, "a latency statistic")
                .orElse(defaults.statistic());
        Duration latencyLimit = capacity.duration("latencyLimit")
                .must(limit -> limit.isPositive() && limit.compareTo(LoadSettings.LONGEST_REQUEST_TIMEOUT) <= 0,
                        "a duration above 0s and at most 10m (the longest request timeout), such as 800ms")
                .orElse(defaults.latencyLimit());
        double cpuLimit = capacity.number("cpuLimit", CPU_EXPECTED).must(v -> v > 0 && v <= 1, CPU_EXPECTED)
                .orElse(defaults.cpuLimit());
        double errorLimit = capacity.number("errorLimit", ERROR_EXPECTED).must(v -> v >= 0 && v <= 1, ERROR_EXPECTED)
                .orElse(defaults.errorLimit());
        Optional<Integer> startUsers = bound(capacity, "startUsers", CapacitySettings.MOST_USERS);
        Optional<Integer> maxUsers = bound(capacity, "maxUsers", CapacitySettings.MOST_USERS);
        Optional<Integer> startRate = bound(capacity, "startRate", CapacitySettings.MOST_RATE);
        Optional<Integer> maxRate = bound(capacity, "maxRate", CapacitySettings.MOST_RATE);
        if (open) {
            refuse(capacity, "startUsers", "load.model is open: its search steps the arrival rate; write the first"
                    + " step's arrivals a second as capacity.startRate, or leave it out to start at load.rate");
            refuse(capacity, "maxUsers", "load.model is open: its search steps the arrival rate; write its cap as"
                    + " capacity.maxRate");
            startBelowCap(capacity, startRate, "startRate", maxRate, "maxRate");
        } else {
            refuse(capacity, "startRate", "load.model is closed: its search steps users; write the first step's"
                    + " users as capacity.startUsers");
            refuse(capacity, "maxRate", "load.model is closed: its search steps users; write its cap as"
                    + " capacity.maxUsers");
            startBelowCap(capacity, startUsers, "startUsers", maxUsers, "maxUsers");
        }
        // two at the least: a capacity is claimed only when a repeat confirms it
        int maxSteps = capacity.wholeNumber("maxSteps", 2, 100).orElse((long) defaults.maxSteps()).intValue();
        return new CapacitySettings(statistic, latencyLimit, cpuLimit, errorLimit, startUsers, maxUsers, startRate,
                maxRate, maxSteps, warmUp(capacity.optionalSection("warmUp", WARM_UP_FIELDS)));
    }

    private static Optional<Integer> bound(MapReader capacity, String key, int most) {
        return capacity.wholeNumber(key, 1, most).optional().map(Long::intValue);
    }

    private static void refuse(MapReader capacity, String key, String why) {
        if (capacity.presentFields().contains(key)) {
            capacity.problemWith(key, "no " + key + " here: " + why);
        }
    }

    private static void startBelowCap(MapReader capacity, Optional<Integer> start, String startKey,
                                      Optional<Integer> cap, String capKey) {
        if (start.isPresent() && cap.isPresent() && start.get() > cap.get()) {
            capacity.problemWith(startKey, "at most " + capKey + " (" + cap.get() + "): the search starts below its"
                    + " cap; start lower or raise " + capKey);
        }
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
