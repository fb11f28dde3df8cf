package io.replsim.scenario.spec;

import io.replsim.node.settings.NodeResources;
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;
import io.replsim.settings.DataSize;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * The nodes a scenario starts and what each one gets.
 *
 * @param nodes          how many nodes, named {@code node1} to {@code nodeN}
 * @param resources      what each node is told it gets: its Undertow worker pool (min = max) and the cores it may
 *                       use, against which its CPU utilization is reported
 * @param heap           each node's heap ({@code -Xms} = {@code -Xmx})
 * @param runtime        processes on loopback, or containers with the CPU budget as their quota
 * @param fullGcEvery    present: the runner has every node run a full collection this often, so the heap trend of a
 *                       long run reads the live data (each costs the node a pause); empty: never
 * @param stack          the nodes' JGroups transport, failure detection, merging, bundler and thread pool (the
 *                       scenario's {@code jgroups} section; replsim's own tuning without one)
 * @param flightRecording each node's JVM and the driver record a JDK Flight Recording (the JDK's {@code profile}
 *                       settings) into the run directory, summarized at the end of the run
 * @param metrics        each node and the driver serve Prometheus metrics on a loopback port of their own while the
 *                       run plays (docs/observability.md)
 */
public record ClusterSpec(int nodes, NodeResources resources, DataSize heap, RuntimeKind runtime,
                          Optional<Duration> fullGcEvery, StackTuning stack, boolean flightRecording,
                          boolean metrics) {

    public static final int DEFAULT_WORKERS = NodeResources.SCENARIO_DEFAULTS.workers();
    public static final double DEFAULT_CPU_BUDGET_CORES = NodeResources.SCENARIO_DEFAULTS.cpuBudgetCores();
    public static final DataSize DEFAULT_HEAP = DataSize.parse("256m");

    public ClusterSpec {
        Objects.requireNonNull(resources, "resources");
        Objects.requireNonNull(heap, "heap");
        Objects.requireNonNull(runtime, "runtime");
        Objects.requireNonNull(fullGcEvery, "fullGcEvery");
        Objects.requireNonNull(stack, "stack");
        if (nodes < 1) {
            throw new IllegalArgumentException("a cluster has at least 1 node, got " + nodes);
        }
    }

    /**
     * Node processes on this machine, as a cluster section that names only its nodes, their resources and heap gives
     * them: replsim's own stack tuning, no forced collections, no flight recordings, no metrics.
     */
    public static ClusterSpec processes(int nodes, NodeResources resources, DataSize heap) {
        return new ClusterSpec(nodes, resources, heap, RuntimeKind.PROCESS, Optional.empty(),
                StackPreset.TUNED.tuning(), false, false);
    }

    /** The same cluster on the stack {@code tuning} gives. */
    public ClusterSpec withStack(StackTuning tuning) {
        return new ClusterSpec(nodes, resources, heap, runtime, fullGcEvery, tuning, flightRecording, metrics);
    }

    /** The same cluster, its nodes and the driver recording flights or not. */
    public ClusterSpec withFlightRecording(boolean recording) {
        return new ClusterSpec(nodes, resources, heap, runtime, fullGcEvery, stack, recording, metrics);
    }

    /** The same cluster, its nodes and the driver serving Prometheus metrics or not. */
    public ClusterSpec withMetrics(boolean served) {
        return new ClusterSpec(nodes, resources, heap, runtime, fullGcEvery, stack, flightRecording, served);
    }

    /** Each node's Undertow worker pool size (min = max). */
    public int workers() {
        return resources.workers();
    }

    /** The cores each node may use; its CPU utilization is reported against this. */
    public double cpuBudgetCores() {
        return resources.cpuBudgetCores();
    }

    /** {@code node1} to {@code nodeN}: the names fault targets use and the routes in the session cookies. */
    public List<String> nodeNames() {
        return IntStream.rangeClosed(1, nodes).mapToObj(number -> "node" + number).toList();
    }
}
