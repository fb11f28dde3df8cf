package io.replsim.scenario.capacity;

import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.steady.SteadyWindow;
import io.replsim.scenario.spec.LatencyStatistic;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What one capacity step measured over its steady window.
 *
 * @param window     the steady window's length: the longer, the less a reading moves between runs of a load
 * @param errorRatio failed attempts over attempts (0 to 1)
 * @param nodes      each node's CPU over the window; empty for a target whose CPU cannot be read
 * @param driver     the driver's own CPU over the window and the machine's cores
 * @param kill       a step played through a kill ({@code --through-kill}): what the kill did; its window is the one
 *                   after the kill and {@code nodes} are the survivors. Empty for a step on a whole cluster
 */
public record StepMeasurement(int users, Duration wall, Duration window, long requests, double throughputPerSec,
                              double meanMs, double p90Ms, double p95Ms, double p99Ms, double errorRatio,
                              boolean valid, List<String> invalidReasons, List<NodeCpu> nodes, DriverCores driver,
                              Optional<KillWindow> kill) {

    public StepMeasurement {
        invalidReasons = List.copyOf(invalidReasons);
        nodes = List.copyOf(nodes);
        if (!window.isPositive()) {
            throw new IllegalArgumentException("a step's steady window is longer than 0, got " + window);
        }
    }

    /** A step on the whole cluster, no node killed. */
    public StepMeasurement(int users, Duration wall, Duration window, long requests, double throughputPerSec,
                           double meanMs, double p90Ms, double p95Ms, double p99Ms, double errorRatio,
                           boolean valid, List<String> invalidReasons, List<NodeCpu> nodes, DriverCores driver) {
        this(users, wall, window, requests, throughputPerSec, meanMs, p90Ms, p95Ms, p99Ms, errorRatio, valid,
                invalidReasons, nodes, driver, Optional.empty());
    }

    /** The same step, played through {@code kill}. */
    public StepMeasurement through(KillWindow kill) {
        return new StepMeasurement(users, wall, window, requests, throughputPerSec, meanMs, p90Ms, p95Ms, p99Ms,
                errorRatio, valid, invalidReasons, nodes, driver, Optional.of(kill));
    }

    /**
     * {@code users}: the step's load, as the search asked for it; {@code nodesBesideTheDriver}: whether the nodes
     * share the driver's machine apart from its JVM, so that the driver's CPU is its own and counts against the
     * machine's cores beside their budgets.
     */
    public static StepMeasurement of(int users, LoadResult result, List<NodeCpu> nodes, Duration wall,
                                     boolean nodesBesideTheDriver) {
        SteadyWindow window = result.steady();
        var latency = window.latencyMicros();
        var driver = result.validity().driverCost();
        return new StepMeasurement(users, wall, window.length(), window.requests(), window.throughputPerSecond(),
                LatencyStatistic.MEAN.millisOf(latency), LatencyStatistic.P90.millisOf(latency),
                LatencyStatistic.P95.millisOf(latency), LatencyStatistic.P99.millisOf(latency), window.errorRatio(),
                result.validity().valid(), result.validity().reasons(), nodes,
                nodesBesideTheDriver ? new DriverCores(driver.cpuCores(), driver.availableCores())
                        : DriverCores.NOT_MEASURED);
    }

    public double latencyMillis(LatencyStatistic statistic) {
        return switch (statistic) {
            case MEAN -> meanMs;
            case P90 -> p90Ms;
            case P95 -> p95Ms;
            case P99 -> p99Ms;
        };
    }

    /** The nodes' CPU budgets together; 0 when no node's CPU was read. */
    public double budgetCores() {
        return nodes.stream().mapToDouble(NodeCpu::budgetCores).sum();
    }

    /** Whether the nodes' budgets and the driver's CPU needed more cores than the machine has (false: not read). */
    public boolean overcommitsMachine() {
        return !nodes.isEmpty() && driver.overcommits(budgetCores());
    }

    /** The busiest node's utilization of its budget; null when no node's CPU was read (not measured is not 0). */
    public Double maxCpuUtilization() {
        return nodes.isEmpty() ? null : nodes.stream().mapToDouble(NodeCpu::utilization).max().orElseThrow();
    }
}
