package io.replsim.cli;

import io.replsim.scenario.capacity.CapacityCriteria;
import io.replsim.scenario.capacity.CapacityRunner;
import io.replsim.scenario.capacity.CapacitySummary;
import io.replsim.scenario.capacity.MachineCores;
import io.replsim.scenario.capacity.SearchPlan;
import io.replsim.scenario.capacity.SearchedLoad;
import io.replsim.scenario.run.PlayedRuntime;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.runtime.CapabilityNeed;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.RuntimeCapability;
import io.replsim.scenario.runtime.ScenarioNeeds;
import io.replsim.scenario.runtime.external.ExternalCapabilities;
import io.replsim.scenario.runtime.external.ExternalTarget;
import io.replsim.scenario.spec.CapacitySettings;
import io.replsim.scenario.spec.LatencyStatistic;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.settings.Choices;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "capacity", description = {
        "Find the most users the scenario's cluster sustains: the latency statistic at most the limit, every node at",
        "most the CPU limit of its budget, errors at most the error limit, the run valid, the nodes' budgets and the",
        "driver within the machine's cores. Steps users up until a step fails, then runs longer boundary steps where",
        "a line through the valid steps near the boundary reaches the binding limit, and answers with a 95% interval.",
        "Each step is the scenario's load (think time, ramp-up, warm-up, steady window) with the step's users; its",
        "faults and checks are not used. Exit 0 when a load was sustained, 1 when none, 2 when the nodes' budgets",
        "leave the driver too little of this machine, 4 when the machine's cores bound the answer (INVALID).",
        "With load.model open it searches the arrival rate instead (arrivals a second, from load.rate), same limits.",
        "With --target it searches a cluster that runs elsewhere: its CPU is not read, so the CPU limit is not applied."})
final class CapacityCommand implements Callable<Integer> {

    @Mixin
    ScenarioFile scenario;

    @Option(names = "--statistic", description = "mean, p90, p95 or p99 (default: capacity.statistic, else p90)")
    String statistic;

    @Option(names = "--latency-limit", description = "the statistic's limit (default: capacity.latencyLimit, else 800ms)")
    String latencyLimit;

    @Option(names = "--cpu-limit", description = "each node's CPU over its budget, at most (default: capacity.cpuLimit, else 0.6)")
    Double cpuLimit;

    @Option(names = "--error-limit", description = "failed attempts over requests, at most (default: capacity.errorLimit, else 0.001)")
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

    @Option(names = "--one-node-down", description = "then stop one node and search again on the survivors (N−1)")
    boolean oneNodeDown;

    @Mixin
    ExternalTargetOptions external;

    @Override
    public Integer call() {
        Optional<ScenarioSpec> loaded = scenario.load();
        if (loaded.isEmpty()) {
            return ReplsimCommand.BAD_INPUT;
        }
        ScenarioSpec spec = loaded.get();
        SearchedLoad searched = SearchedLoad.of(spec.load());
        CapacityCriteria criteria;
        SearchPlan plan;
        try {
            // a flag given on the command line wins over the scenario's capacity section
            CapacitySettings file = spec.capacity();
            // the same ranges as the file's capacity section
            Duration limit = latencyLimit == null ? file.latencyLimit()
                    : FlagRange.duration("--latency-limit", latencyLimit, Duration.ZERO, false, Duration.ofMinutes(10),
                            "a duration above 0s and at most 10m (the longest request timeout), such as 800ms");
            double cpu = cpuLimit == null ? file.cpuLimit() : new FlagRange("--cpu-limit", "a share of each node's CPU"
                    + " budget above 0 and at most 1, such as 0.6", v -> v > 0 && v <= 1).check(cpuLimit);
            double errors = errorLimit == null ? file.errorLimit() : new FlagRange("--error-limit", "a share of"
                    + " requests from 0 to 1, such as 0.001", v -> v >= 0 && v <= 1).check(errorLimit);
            criteria = new CapacityCriteria(statistic == null ? file.statistic()
                    : Choices.of(LatencyStatistic.class).parse(statistic, "statistic"), limit, cpu, errors);
            int steps = maxSteps == null ? file.maxSteps() : FlagRange.wholeNumber("--max-steps", 2, 100)
                    .check(maxSteps);
            plan = searched == SearchedLoad.ARRIVAL_RATE ? ratePlan(spec, steps) : userPlan(spec, steps);
        } catch (IllegalArgumentException e) {
            System.err.println("replsim capacity: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        if (spec.tomcat().isPresent()) {
            System.err.println("replsim capacity: cluster.runtime: tomcat runs with replsim run (a drill): the search"
                    + " reads each node's CPU through replsim's admin API. To size a Tomcat cluster, start it yourself"
                    + " and use --target with --app probe");
            return ReplsimCommand.BAD_INPUT;
        }
        Optional<ExternalTarget> externalTarget;
        try {
            externalTarget = external.target(spec.workload());
            if (externalTarget.isPresent() && externalTarget.get().restart().isPresent()) {
                throw new IllegalArgumentException("--restart-command is for the restart faults of replsim run;"
                        + " the capacity search restarts no node, so leave it out");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("replsim capacity: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        if (externalTarget.isPresent()) {
            RuntimeCapabilities runtime = ExternalCapabilities.of(externalTarget.get());
            RuntimeRefusals refusals = new RuntimeRefusals(runtime.runtime(),
                    runtime.refusalsOf(needs(spec, externalTarget.get())));
            if (refusals.any()) {
                refusals.print("capacity", scenario.path);
                return ReplsimCommand.BAD_INPUT;
            }
        }
        if (externalTarget.isEmpty()) {
            Optional<String> refusal = MachineCores.ofThisMachine().refusal(spec.cluster());
            if (refusal.isPresent()) {
                System.err.println("replsim capacity: " + refusal.get());
                return ReplsimCommand.BAD_INPUT;
            }
        }
        SearchPlan searchPlan = plan;
        CapacityCriteria limits = criteria;
        PlayedRuntime<?> played = PlayedRuntime.of(spec, externalTarget, NodeLauncher.currentJvm(), System.out);
        return ClusterWork.exitCode("capacity run", () -> {
            // the entry's progress lines are a run's: a capacity search prints a line per step of its own
            CapacityRunner runner = new CapacityRunner(new ScenarioRunner(scenario.runsDir, NodeLauncher.currentJvm(),
                    System.out, Duration.ofSeconds(5)), System.out);
            CapacitySummary summary = runner.run(spec, scenario.path, played, limits, searchPlan, oneNodeDown);
            if (!summary.invalidReasons().isEmpty()) {
                return ReplsimCommand.INVALID_RUN;
            }
            return summary.search().usersSustained() > 0 ? 0 : ReplsimCommand.CHECKS_FAILED;
        });
    }

    /**
     * What the search needs of a cluster it does not run: its load, and with --one-node-down a way to kill one of
     * several nodes. The scenario's faults and checks are not played, so they ask nothing.
     */
    private List<CapabilityNeed> needs(ScenarioSpec spec, ExternalTarget target) {
        List<CapabilityNeed> needs = new ArrayList<>(ScenarioNeeds.loadModel(spec));
        if (oneNodeDown && target.nodes().size() > 1) {
            needs.add(new CapabilityNeed("--one-node-down", "a search with one node down", RuntimeCapability.KILL,
                    "leave --one-node-down out"));
        }
        return needs;
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
