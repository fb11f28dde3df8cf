package io.replsim.node.settings;

/**
 * What each node gets: a scenario's {@code cluster.workers} and {@code cluster.cpuBudget}, the node's
 * {@code --workers} and {@code --cpu-budget}.
 *
 * @param workers        the node's Undertow worker pool (core = max, so its capacity does not change under load)
 * @param cpuBudgetCores the cores the node may use; its CPU utilization is reported against this (whoever starts
 *                       the node enforces it: a cgroup quota, a container's CPU limit)
 */
public record NodeResources(int workers, double cpuBudgetCores) {

    public static final int MAX_WORKERS = 1000;
    public static final double MAX_CPU_BUDGET_CORES = 64;

    /** What a scenario's nodes get unless its cluster section says otherwise. */
    public static final NodeResources SCENARIO_DEFAULTS = new NodeResources(16, 0.66);

    public static final Setting<NodeResources, Integer> WORKERS = Setting.of("workers", "--workers",
            Grammar.wholeNumber(1, MAX_WORKERS), NodeResources::workers);
    public static final Setting<NodeResources, Double> CPU_BUDGET = Setting.of("cpuBudget", "--cpu-budget",
                    Grammar.number(cores()), NodeResources::cpuBudgetCores)
            .must(budget -> budget > 0 && budget <= MAX_CPU_BUDGET_CORES, cores());

    public static final SettingsGroup<NodeResources> SETTINGS = SettingsGroup.of(
            (in, defaults) -> new NodeResources(WORKERS.readFrom(in, defaults), CPU_BUDGET.readFrom(in, defaults)),
            WORKERS, CPU_BUDGET);

    public NodeResources {
        if (workers < 1 || !(cpuBudgetCores > 0)) {
            throw new IllegalArgumentException("a node has at least 1 worker and a positive CPU budget, got "
                    + workers + " workers, " + cpuBudgetCores + " cores");
        }
    }

    /** A node started by hand without these options: the default pool, and every core of its host. */
    public static NodeResources ofThisHost() {
        return new NodeResources(SCENARIO_DEFAULTS.workers(), Runtime.getRuntime().availableProcessors());
    }

    /** Undertow's I/O threads, which accept connections and hand each request to a worker. */
    public int ioThreadCount() {
        return Math.max(2, Runtime.getRuntime().availableProcessors());
    }

    private static String cores() {
        return "a number of cores above 0 and at most " + (int) MAX_CPU_BUDGET_CORES + ", such as 0.66";
    }
}
