package io.replsim.scenario.capacity;

import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.spec.LatencyStatistic;
import java.util.List;

/**
 * summary.json of a capacity run: the users sustained, how they were found and every step.
 *
 * @param cpuBudgetCores         each node's CPU budget; null for a cluster replsim does not run
 * @param binding                the limits the fewest failing users broke: LATENCY, CPU, ERRORS or VALIDITY
 * @param survivorCpuUtilization the busiest node's utilization at capacity times N/(N−1): what each survivor
 *                               would carry if a node failed at that load (above 1 the survivors cannot absorb it);
 *                               null when no capacity was found, with one node, or when CPU was not measured
 * @param oneNodeDown            the same search with one node stopped, when asked for
 * @param limitsNotApplied       the criteria no step was held to, each with why (against an external target: the
 *                               CPU limit, since its CPU is not read); empty when every limit applied
 * @param cpuBudgetEnforced      whether the kernel held each node to {@code cpuBudgetCores} (null for an external
 *                               target); {@code cpuBudgetEnforcement} says how, or why not: unenforced, a node may
 *                               use more than its budget, and the 60% limit is of a divisor only
 * @param loadUnit               what every step's load, {@code usersSustained} and {@code users} count: "users" (the
 *                               closed model), or "arrivals/s" (the open model, whose search steps the arrival rate)
 * @param verdict                VALID, or INVALID when the machine's cores bound a search's answer
 * @param invalidReasons         why the answer is the machine's rather than the cluster's (the nodes' budgets and
 *                               the driver's CPU did not fit in its cores where the answer was bound); empty: VALID
 * @param provenance             what made the figures (replsim's commit, the JDKs, the machine and its load average
 *                               before and after the search, the scenario's hash)
 * @param limits                 the criteria's limits as figures, which capacity.html draws its limit lines at; null
 *                               in a summary written before they were recorded
 * @param mode                   which search: all-nodes, one-node-down or through-kill ({@link CapacityMode}); null
 *                               in a summary written before it was recorded, which was an all-nodes or one-node-down
 *                               search as {@code oneNodeDown} says
 */
public record CapacitySummary(String scenario, String runDirectory, String startedAt, long wallMs, String criteria,
                              int nodes, Double cpuBudgetCores, Search search, Double survivorCpuUtilization,
                              Search oneNodeDown, List<String> limitsNotApplied, Boolean cpuBudgetEnforced,
                              String cpuBudgetEnforcement, String loadUnit, String verdict,
                              List<String> invalidReasons, Provenance provenance, Limits limits, String mode) {

    /** A summary of a search on the whole cluster, or with one node down when {@code oneNodeDown} is there. */
    public CapacitySummary(String scenario, String runDirectory, String startedAt, long wallMs, String criteria,
                           int nodes, Double cpuBudgetCores, Search search, Double survivorCpuUtilization,
                           Search oneNodeDown, List<String> limitsNotApplied, Boolean cpuBudgetEnforced,
                           String cpuBudgetEnforcement, String loadUnit, String verdict,
                           List<String> invalidReasons, Provenance provenance, Limits limits) {
        this(scenario, runDirectory, startedAt, wallMs, criteria, nodes, cpuBudgetCores, search,
                survivorCpuUtilization, oneNodeDown, limitsNotApplied, cpuBudgetEnforced, cpuBudgetEnforcement,
                loadUnit, verdict, invalidReasons, provenance, limits,
                (oneNodeDown == null ? CapacityMode.ALL_NODES : CapacityMode.ONE_NODE_DOWN).label());
    }

    /** Whether each step of {@link #search} was played through a kill ({@code --through-kill}). */
    public boolean throughKill() {
        return CapacityMode.THROUGH_KILL.label().equals(mode);
    }

    public CapacitySummary {
        limitsNotApplied = List.copyOf(limitsNotApplied);
        invalidReasons = List.copyOf(invalidReasons);
        if (!verdict.equals(invalidReasons.isEmpty() ? "VALID" : "INVALID")) {
            throw new IllegalArgumentException("a capacity run is INVALID exactly when a reason says why, got "
                    + verdict + " with " + invalidReasons);
        }
    }

    /**
     * What a step is held to: the {@code statistic} of its response times at most {@code latencyMs}, every node at
     * most {@code cpu} of its budget, failed attempts at most {@code errors} of its requests.
     */
    public record Limits(LatencyStatistic statistic, double latencyMs, double cpu, double errors) {
        static Limits of(CapacityCriteria criteria) {
            return new Limits(criteria.statistic(), criteria.latencyLimit().toNanos() / 1e6, criteria.cpuLimit(),
                    criteria.errorLimit());
        }

        /** The step's figure this statistic names, in ms. */
        public double latencyOf(StepRow step) {
            return switch (statistic) {
                case MEAN -> step.meanMs();
                case P90 -> step.p90Ms();
                case P95 -> step.p95Ms();
                case P99 -> step.p99Ms();
            };
        }
    }

    /** One reason per search whose answer the machine's cores bound ({@link Limit#MACHINE}). */
    static List<String> invalidReasons(Search all, Search down) {
        return java.util.stream.Stream.of(all, down).filter(java.util.Objects::nonNull)
                .filter(search -> search.binding().contains(Limit.MACHINE.name()))
                .map(search -> String.format(java.util.Locale.ROOT, "the search on %d nodes was bound by MACHINE:"
                        + " the nodes' CPU budgets and the driver's own CPU needed more than this machine's cores, so"
                        + " it measured the machine, not the cluster; give the nodes smaller budgets"
                        + " (cluster.cpuBudget) or run them elsewhere (--target)", search.nodes())).toList();
    }

    /**
     * @param usersSustained the answer ({@code estimate.users}); 0 when none, or when the step budget ran out first
     * @param low            its 95% interval's low end (a fitted answer), or the answer itself (one from the steps)
     * @param high           the interval's high end, or the fewest users that failed (one from the steps)
     * @param nextLow        the low end of the 95% interval for another search's answer (a fitted answer), or
     *                       {@code low}
     * @param nextHigh       its high end, or {@code high}
     * @param method         "fit" or "steps": how the answer was worked out ({@link CapacityEstimate.Method})
     * @param binding        the limits that bind the answer
     * @param estimate       the answer in full: each fitted limit's line, the answer from the steps alone, notes
     * @param atCapacity     the valid step nearest the answer
     * @param warmUp         what ran before the first measured step (unmeasured rounds at the first step's users)
     * @param spreads        per load the search ran: how many runs and the lowest and highest busiest-node CPU
     */
    public record Search(int nodes, int usersSustained, int low, int high, int nextLow, int nextHigh, String method,
                         List<String> binding,
                         CapacityEstimate estimate, StepRow atCapacity, boolean stoppedEarly, List<StepRow> steps,
                         WarmUp warmUp, List<StepSpread> spreads) {
        public Search {
            // a summary written before the warm-up was recorded: none is shown
            warmUp = warmUp == null ? WarmUp.NONE : warmUp;
        }
    }

    /**
     * {@code maxNodeCpuUtilization}: null when no node's CPU was read, as against an external target.
     * {@code runsAtUsers}, {@code busiestCpuMinAtUsers}, {@code busiestCpuMaxAtUsers}: the spread of every run of
     * the search at this step's users (this one included), whether run before or after it. {@code windowMs}: the
     * step's steady window; {@code driverCores}: the driver's own CPU over it (null: not measured). {@code kill}: a
     * step through a kill, what the kill did (its figures are then the window after the kill, its node CPU the
     * survivors'); null for a step on the whole cluster.
     */
    public record StepRow(int step, String phase, int users, String verdict, List<String> broken,
                          double throughputPerSec, double meanMs, double p90Ms, double p95Ms, double p99Ms,
                          double errorRatio, boolean valid, List<String> invalidReasons, Double maxNodeCpuUtilization,
                          List<NodeCpu> nodeCpu, long wallMs, int runsAtUsers, Double busiestCpuMinAtUsers,
                          Double busiestCpuMaxAtUsers, long windowMs, Double driverCores, KillWindow kill) {

        /** A step on the whole cluster. */
        public StepRow(int step, String phase, int users, String verdict, List<String> broken,
                       double throughputPerSec, double meanMs, double p90Ms, double p95Ms, double p99Ms,
                       double errorRatio, boolean valid, List<String> invalidReasons, Double maxNodeCpuUtilization,
                       List<NodeCpu> nodeCpu, long wallMs, int runsAtUsers, Double busiestCpuMinAtUsers,
                       Double busiestCpuMaxAtUsers, long windowMs, Double driverCores) {
            this(step, phase, users, verdict, broken, throughputPerSec, meanMs, p90Ms, p95Ms, p99Ms, errorRatio,
                    valid, invalidReasons, maxNodeCpuUtilization, nodeCpu, wallMs, runsAtUsers, busiestCpuMinAtUsers,
                    busiestCpuMaxAtUsers, windowMs, driverCores, null);
        }

        public static StepRow of(StepOutcome outcome) {
            return of(outcome, new StepSpread(outcome.users(), 1, outcome.measurement().maxCpuUtilization(),
                    outcome.measurement().maxCpuUtilization()));
        }

        public static StepRow of(StepOutcome outcome, StepSpread spread) {
            StepMeasurement m = outcome.measurement();
            return new StepRow(outcome.index(), outcome.phase().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'),
                    outcome.users(), outcome.passed() ? "PASS" : "FAIL",
                    outcome.broken().stream().map(Limit::name).toList(), m.throughputPerSec(), m.meanMs(), m.p90Ms(),
                    m.p95Ms(), m.p99Ms(), m.errorRatio(), m.valid(), m.invalidReasons(), m.maxCpuUtilization(),
                    m.nodes(), m.wall().toMillis(), spread.runs(), spread.minBusiestCpu(), spread.maxBusiestCpu(),
                    m.window().toMillis(), m.driver().measured() ? m.driver().used() : null, m.kill().orElse(null));
        }
    }

    public static Search searchOf(int nodes, CapacityResult result) {
        List<StepSpread> spreads = result.spreads();
        CapacityEstimate estimate = result.estimate();
        return new Search(nodes, result.usersSustained(), estimate.low(), estimate.high(), estimate.nextLow(),
                estimate.nextHigh(),
                estimate.method().name().toLowerCase(java.util.Locale.ROOT),
                result.binding().stream().map(Limit::name).toList(), estimate,
                result.atCapacity().map(at -> StepRow.of(at, StepSpread.at(spreads, at.users()))).orElse(null),
                result.stoppedEarly(),
                result.steps().stream().map(step -> StepRow.of(step, StepSpread.at(spreads, step.users()))).toList(),
                result.warmUp(), spreads);
    }
}
