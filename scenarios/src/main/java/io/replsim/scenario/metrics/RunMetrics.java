package io.replsim.scenario.metrics;

import io.replsim.scenario.runtime.MetricsEndpoint;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The metrics of a run that asks for them ({@code cluster.metrics}): says where each node serves its metrics on
 * the console and in {@link PrometheusTargets#FILE} in the run directory while the run plays, and empties that file
 * when the run is over.
 */
public final class RunMetrics implements AutoCloseable {
    private final Optional<Path> targets;
    private final PrintStream out;

    private RunMetrics(Optional<Path> targets, PrintStream out) {
        this.targets = targets;
        this.out = out;
    }

    /** Announces {@code nodes}' endpoints; none: nothing is announced or written. */
    public static RunMetrics announce(List<MetricsEndpoint> nodes, Path runDirectory, PrintStream out)
            throws IOException {
        if (nodes.isEmpty()) {
            return new RunMetrics(Optional.empty(), out);
        }
        nodes.forEach(node -> out.printf("metrics   %-7s %s%n", node.node(), node.uri()));
        Path file = PrometheusTargets.write(runDirectory, nodes, Optional.empty());
        out.println("metrics   Prometheus targets (file_sd_configs) in " + file + ", emptied when the run ends");
        return new RunMetrics(Optional.of(runDirectory), out);
    }

    @Override
    public void close() {
        if (targets.isPresent()) {
            try {
                PrometheusTargets.empty(targets.get());
            } catch (IOException e) {
                out.println("metrics   the Prometheus targets file could not be emptied: " + e.getMessage());
            }
        }
    }
}
