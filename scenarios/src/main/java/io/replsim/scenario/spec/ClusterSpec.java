package io.replsim.scenario.spec;

import io.replsim.node.options.DataSize;
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * The nodes a scenario starts and what each one gets.
 *
 * @param nodes          how many nodes, named {@code node1} to {@code nodeN}
 * @param workers        each node's Undertow worker pool size (min = max)
 * @param cpuBudgetCores the cores each node may use; its CPU utilization is reported against this
 * @param heap           each node's heap ({@code -Xms} = {@code -Xmx})
 * @param runtime        processes on loopback, or containers with the CPU budget as their quota
 * @param fullGcEvery    present: the runner has every node run a full collection this often, so the heap trend of a
 *                       long run reads the live data (each costs the node a pause); empty: never
 * @param stack          the nodes' JGroups transport, failure detection, merging, bundler and thread pool (the
 *                       scenario's {@code jgroups} section; replsim's own tuning without one)
 */
public record ClusterSpec(int nodes, int workers, double cpuBudgetCores, DataSize heap, RuntimeKind runtime,
                          Optional<Duration> fullGcEvery, StackTuning stack) {

    public static final int DEFAULT_WORKERS = 16;
    public static final double DEFAULT_CPU_BUDGET_CORES = 0.66;
    public static final DataSize DEFAULT_HEAP = DataSize.parse("256m");

    public ClusterSpec {
        Objects.requireNonNull(heap, "heap");
        Objects.requireNonNull(runtime, "runtime");
        Objects.requireNonNull(fullGcEvery, "fullGcEvery");
        Objects.requireNonNull(stack, "stack");
        if (nodes < 1 || workers < 1 || !(cpuBudgetCores > 0)) {
            throw new IllegalArgumentException("a cluster has at least 1 node, 1 worker and a positive CPU budget, got "
                    + nodes + " nodes, " + workers + " workers, " + cpuBudgetCores + " cores");
        }
    }

    /** On replsim's own stack tuning. */
    public ClusterSpec(int nodes, int workers, double cpuBudgetCores, DataSize heap, RuntimeKind runtime,
                       Optional<Duration> fullGcEvery) {
        this(nodes, workers, cpuBudgetCores, heap, runtime, fullGcEvery, StackPreset.TUNED.tuning());
    }

    /** Node processes on this machine, the default runtime. */
    public ClusterSpec(int nodes, int workers, double cpuBudgetCores, DataSize heap) {
        this(nodes, workers, cpuBudgetCores, heap, RuntimeKind.PROCESS);
    }

    /** No forced collections. */
    public ClusterSpec(int nodes, int workers, double cpuBudgetCores, DataSize heap, RuntimeKind runtime) {
        this(nodes, workers, cpuBudgetCores, heap, runtime, Optional.empty());
    }

    /** The same cluster on the stack {@code tuning} gives. */
    public ClusterSpec withStack(StackTuning tuning) {
        return new ClusterSpec(nodes, workers, cpuBudgetCores, heap, runtime, fullGcEvery, tuning);
    }

    /** {@code node1} to {@code nodeN}: the names fault targets use and the routes in the session cookies. */
    public List<String> nodeNames() {
        return IntStream.rangeClosed(1, nodes).mapToObj(number -> "node" + number).toList();
    }
}
