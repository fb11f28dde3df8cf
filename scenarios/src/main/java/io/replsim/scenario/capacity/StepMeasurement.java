package io.replsim.scenario.capacity;

import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.steady.SteadyWindow;
import io.replsim.scenario.spec.LatencyStatistic;
import java.time.Duration;
import java.util.List;

/**
 * What one capacity step measured over its steady window.
 *
 * @param errorRatio failed attempts over requests
 * @param nodes      each node's CPU over the window; empty for a target whose CPU cannot be read
 */
public record StepMeasurement(int users, Duration wall, long requests, double throughputPerSec, double meanMs,
                              double p90Ms, double p95Ms, double p99Ms, double errorRatio, boolean valid,
                              List<String> invalidReasons, List<NodeCpu> nodes) {

    public StepMeasurement {
        invalidReasons = List.copyOf(invalidReasons);
        nodes = List.copyOf(nodes);
    }

    /** {@code users}: the step's load, as the search asked for it. */
    public static StepMeasurement of(int users, LoadResult result, List<NodeCpu> nodes, Duration wall) {
        SteadyWindow window = result.steady();
        var latency = window.latencyMicros();
        return new StepMeasurement(users, wall, window.requests(), window.throughputPerSecond(),
                LatencyStatistic.MEAN.millisOf(latency), LatencyStatistic.P90.millisOf(latency),
                LatencyStatistic.P95.millisOf(latency), LatencyStatistic.P99.millisOf(latency), window.errorRatio(),
                result.validity().valid(), result.validity().reasons(), nodes);
    }

    public double latencyMillis(LatencyStatistic statistic) {
        return switch (statistic) {
            case MEAN -> meanMs;
            case P90 -> p90Ms;
            case P95 -> p95Ms;
            case P99 -> p99Ms;
        };
    }

    /** The busiest node's utilization of its budget; null when no node's CPU was read (not measured is not 0). */
    public Double maxCpuUtilization() {
        return nodes.isEmpty() ? null : nodes.stream().mapToDouble(NodeCpu::utilization).max().orElseThrow();
    }
}
