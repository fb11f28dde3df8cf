package io.replsim.cli;

import io.replsim.scenario.capacity.CapacityCriteria;
import io.replsim.scenario.capacity.SearchPlan;
import io.replsim.scenario.capacity.SearchedLoad;
import io.replsim.scenario.spec.CapacitySettings;
import io.replsim.scenario.spec.LatencyStatistic;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.settings.Choices;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * What a users-sustained search is held to and how far it may go: {@code capacity} and {@code compare --capacity}
 * share it. A flag given on the command line wins over the scenario's capacity section, the section over the
 * defaults; each flag takes the same range as its field.
 */
final class CapacitySearchOptions {

    @Option(names = "--statistic", description = "mean, p90, p95 or p99 (default: capacity.statistic, else p90)")
    String statistic;

    @Option(names = "--latency-limit", description = "the statistic's limit (default: capacity.latencyLimit, else 800ms)")
    String latencyLimit;

    @Option(names = "--cpu-limit", description = "each node's CPU over its budget, at most (default: capacity.cpuLimit, else 0.6)")
    Double cpuLimit;

    @Option(names = "--error-limit", description = "failed attempts over attempts, at most (default: capacity.errorLimit, else 0.001)")
    Double errorLimit;

    @Option(names = "--start-users", description = "load.model closed: the first step's users (default:"
            + " capacity.startUsers, else load.users)")
    Integer startUsers;

    @Option(names = "--max-users", description = "load.model closed: the most users a step may have (default:"
            + " capacity.maxUsers, else " + CapacitySettings.DEFAULT_MAX_USERS + ")")
    Integer maxUsers;

    @Option(names = "--max-steps", description = "the most steps in one search (default: capacity.maxSteps, else 20)")
    Integer maxSteps;

    @Option(names = "--start-rate", description = "load.model open: the first step's arrivals a second (default:"
            + " capacity.startRate, else load.rate, rounded up)")
    Integer startRate;

    @Option(names = "--max-rate", description = "load.model open: the most arrivals a second a step may have"
            + " (default: capacity.maxRate, else " + CapacitySettings.DEFAULT_MAX_RATE + ")")
    Integer maxRate;

    /** The flags given, by name: a command that searches nothing refuses them. */
    List<String> given() {
        List<String> given = new ArrayList<>();
        addIf(given, "--statistic", statistic);
        addIf(given, "--latency-limit", latencyLimit);
        addIf(given, "--cpu-limit", cpuLimit);
        addIf(given, "--error-limit", errorLimit);
        addIf(given, "--start-users", startUsers);
        addIf(given, "--max-users", maxUsers);
        addIf(given, "--max-steps", maxSteps);
        addIf(given, "--start-rate", startRate);
        addIf(given, "--max-rate", maxRate);
        return given;
    }

    private static void addIf(List<String> given, String flag, Object value) {
        if (value != null) {
            given.add(flag);
        }
    }

    /**
     * What "sustained" means for {@code spec}: the flags over its capacity section.
     *
     * @throws IllegalArgumentException naming the flag outside its range
     */
    CapacityCriteria criteria(ScenarioSpec spec) {
        CapacitySettings file = spec.capacity();
        Duration limit = latencyLimit == null ? file.latencyLimit()
                : FlagRange.duration("--latency-limit", latencyLimit, Duration.ZERO, false, Duration.ofMinutes(10),
                        "a duration above 0s and at most 10m (the longest request timeout), such as 800ms");
        double cpu = cpuLimit == null ? file.cpuLimit() : new FlagRange("--cpu-limit", "a share of each node's CPU"
                + " budget above 0 and at most 1, such as 0.6", v -> v > 0 && v <= 1).check(cpuLimit);
        double errors = errorLimit == null ? file.errorLimit() : new FlagRange("--error-limit", "a share of"
                + " attempts (failed over all) from 0 to 1, such as 0.001", v -> v >= 0 && v <= 1).check(errorLimit);
        return new CapacityCriteria(statistic == null ? file.statistic()
                : Choices.of(LatencyStatistic.class).parse(statistic, "statistic"), limit, cpu, errors);
    }

    /**
     * Where {@code spec}'s search starts, its cap and its step budget: users for a closed load, arrivals a second
     * for an open one.
     *
     * @throws IllegalArgumentException naming the flag outside its range, or the other model's flag
     */
    SearchPlan plan(ScenarioSpec spec) {
        int steps = maxSteps == null ? spec.capacity().maxSteps() : FlagRange.wholeNumber("--max-steps", 2, 100)
                .check(maxSteps);
        return SearchedLoad.of(spec.load()) == SearchedLoad.ARRIVAL_RATE ? ratePlan(spec, steps)
                : userPlan(spec, steps);
    }

    /** The closed model's search: users, from the flags, else the scenario's capacity section, else load.users. */
    private SearchPlan userPlan(ScenarioSpec spec, int steps) {
        CapacitySettings file = spec.capacity();
        refuse("--start-rate", startRate, "load.model is closed: its search steps users (--start-users)");
        refuse("--max-rate", maxRate, "load.model is closed: its search steps users (--max-users)");
        Bound start = Bound.of("--start-users", startUsers, "capacity.startUsers", file.startUsers(), "load.users",
                spec.load().users(), CapacitySettings.MOST_USERS);
        Bound cap = Bound.of("--max-users", maxUsers, "capacity.maxUsers", file.maxUsers(), "the default cap",
                CapacitySettings.DEFAULT_MAX_USERS, CapacitySettings.MOST_USERS);
        return plan(start, cap, "users", steps);
    }

    /**
     * The open model's search: arrivals a second, from --start-rate, else capacity.startRate, else load.rate rounded
     * up, to --max-rate, else capacity.maxRate; the users' flags are refused, since a rate is not a number of users
     * (the file's users' bounds are refused where they are written, when the scenario is read).
     */
    private SearchPlan ratePlan(ScenarioSpec spec, int steps) {
        CapacitySettings file = spec.capacity();
        String openSearch = "load.model is open: its search steps the arrival rate";
        refuse("--start-users", startUsers, openSearch + " (--start-rate, default load.rate)");
        refuse("--max-users", maxUsers, openSearch + " (--max-rate)");
        Bound start = Bound.of("--start-rate", startRate, "capacity.startRate", file.startRate(), "load.rate",
                SearchedLoad.ARRIVAL_RATE.levelOf(spec.load()), CapacitySettings.MOST_RATE);
        Bound cap = Bound.of("--max-rate", maxRate, "capacity.maxRate", file.maxRate(), "the default --max-rate",
                CapacitySettings.DEFAULT_MAX_RATE, CapacitySettings.MOST_RATE);
        return plan(start, cap, "arrivals/s", steps);
    }

    private static SearchPlan plan(Bound start, Bound cap, String unit, int steps) {
        if (start.value() > cap.value()) {
            throw new IllegalArgumentException("the search would start at " + start.value() + " " + unit + " ("
                    + start.source() + "), above its cap of " + cap.value() + " (" + cap.source() + "); start lower"
                    + " or raise the cap");
        }
        return new SearchPlan(start.value(), SearchPlan.DEFAULT_GROWTH, SearchPlan.DEFAULT_RESOLUTION, steps,
                cap.value());
    }

    /** One end of the search and where it came from: a flag wins over the file, the file over the default. */
    private record Bound(int value, String source) {
        static Bound of(String flag, Integer given, String field, Optional<Integer> written, String fallbackSource,
                        int fallback, int most) {
            if (given != null) {
                return new Bound(FlagRange.wholeNumber(flag, 1, most).check(given), flag);
            }
            return written.map(value -> new Bound(value, field)).orElse(new Bound(fallback, fallbackSource));
        }
    }

    private static void refuse(String flag, Integer given, String why) {
        if (given != null) {
            throw new IllegalArgumentException(flag + ": " + why + "; leave " + flag + " out");
        }
    }
}
