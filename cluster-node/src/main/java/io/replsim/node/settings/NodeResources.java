package io.replsim.node.settings;

import io.replsim.settings.Grammar;
import io.replsim.settings.Setting;
import io.replsim.settings.SettingsGroup;
import java.util.Objects;
import java.util.Optional;

/**
 * What each node gets: a scenario's {@code cluster.workers}, {@code cluster.cpuBudget} and {@code cluster.ioThreads},
 * the node's {@code --workers}, {@code --cpu-budget} and {@code --io-threads}.
 *
 * @param workers        the node's Undertow worker pool (core = max, so its capacity does not change under load)
 * @param cpuBudgetCores the cores the node may use; its CPU utilization is reported against this (whoever starts
 *                       the node enforces it: a cgroup quota, a container's CPU limit)
 * @param ioThreads      Undertow's I/O threads, which accept connections and hand each request to a worker; empty:
 *                       Undertow's own sizing, one per core of the node's host and at least 2
 */
public record NodeResources(int workers, double cpuBudgetCores, Optional<Integer> ioThreads) {

    public static final int MAX_WORKERS = 1000;
    public static final double MAX_CPU_BUDGET_CORES = 64;
    /** More I/O threads than this only wait: each serves many connections without blocking. */
    public static final int MAX_IO_THREADS = 64;

    /** What a scenario's nodes get unless its cluster section says otherwise. */
    public static final NodeResources SCENARIO_DEFAULTS = new NodeResources(16, 0.66, Optional.empty());

    public static final Setting<NodeResources, Integer> WORKERS = Setting.of("workers", "--workers",
            Grammar.wholeNumber(1, MAX_WORKERS), NodeResources::workers);
    public static final Setting<NodeResources, Double> CPU_BUDGET = Setting.of("cpuBudget", "--cpu-budget",
                    Grammar.number(cores()), NodeResources::cpuBudgetCores)
            .must(budget -> budget > 0 && budget <= MAX_CPU_BUDGET_CORES, cores());
    public static final Setting<NodeResources, Integer> IO_THREADS = Setting.of("ioThreads", "--io-threads",
                    Grammar.wholeNumber(1, MAX_IO_THREADS), (NodeResources resources) -> resources.ioThreads().orElseThrow())
            .writtenWhen(resources -> resources.ioThreads().isPresent());

    public static final SettingsGroup<NodeResources> SETTINGS = SettingsGroup.of(
            (in, defaults) -> new NodeResources(WORKERS.readFrom(in, defaults), CPU_BUDGET.readFrom(in, defaults),
                    in.value(IO_THREADS).or(defaults::ioThreads)),
            WORKERS, CPU_BUDGET, IO_THREADS);

    public NodeResources {
        Objects.requireNonNull(ioThreads, "ioThreads");
        if (workers < 1 || !(cpuBudgetCores > 0) || ioThreads.filter(threads -> threads < 1).isPresent()) {
            throw new IllegalArgumentException("a node has at least 1 worker, a positive CPU budget and at least 1"
                    + " I/O thread, got " + workers + " workers, " + cpuBudgetCores + " cores, " + ioThreads);
        }
    }

    /** A node started by hand without these options: the default pool, and every core of its host. */
    public static NodeResources ofThisHost() {
        return new NodeResources(SCENARIO_DEFAULTS.workers(), Runtime.getRuntime().availableProcessors(),
                Optional.empty());
    }

    /** Undertow's I/O threads, which accept connections and hand each request to a worker. */
    public int ioThreadCount() {
        return ioThreads.orElseGet(() -> Math.max(2, Runtime.getRuntime().availableProcessors()));
    }

    private static String cores() {
        return "a number of cores above 0 and at most " + (int) MAX_CPU_BUDGET_CORES + ", such as 0.66";
    }
}
