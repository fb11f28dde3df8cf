package io.replsim.scenario.spec;

import io.replsim.node.options.DataSize;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Reads the {@code cluster} section: how many nodes and what each one gets. */
final class ClusterReader {

    static final List<String> FIELDS = List.of("nodes", "workers", "cpuBudget", "heap", "runtime", "fullGcEvery");

    private static final int MAX_NODES = 16;
    private static final int MAX_WORKERS = 1000;
    private static final double MAX_CPU_BUDGET_CORES = 64;
    private static final DataSize MIN_HEAP = DataSize.parse("32m");
    private static final DataSize MAX_HEAP = DataSize.parse("32g");
    /** More often and the pauses become the load's story. */
    private static final Duration LEAST_FULL_GC_PERIOD = Duration.ofSeconds(10);

    private ClusterReader() {
    }

    static Optional<ClusterSpec> read(MapReader cluster) {
        Optional<Long> nodes = cluster.wholeNumber("nodes", 1, MAX_NODES).required();
        long workers = cluster.wholeNumber("workers", 1, MAX_WORKERS).orElse((long) ClusterSpec.DEFAULT_WORKERS);
        String cores = "a number of cores above 0 and at most 64, such as 0.66";
        double cpuBudget = cluster.number("cpuBudget", cores)
                .must(budget -> budget > 0 && budget <= MAX_CPU_BUDGET_CORES, cores)
                .orElse(ClusterSpec.DEFAULT_CPU_BUDGET_CORES);
        DataSize heap = cluster.size("heap")
                .must(size -> size.compareTo(MIN_HEAP) >= 0 && size.compareTo(MAX_HEAP) <= 0,
                        "a size from " + MIN_HEAP + " to " + MAX_HEAP + ", such as 256m")
                .orElse(ClusterSpec.DEFAULT_HEAP);
        RuntimeKind runtime = cluster.choice("runtime", RuntimeKind::parse, "a runtime").orElse(RuntimeKind.PROCESS);
        Optional<Duration> fullGcEvery = cluster.duration("fullGcEvery")
                .must(every -> every.compareTo(LEAST_FULL_GC_PERIOD) >= 0
                                && every.compareTo(LoadReader.LONGEST_RUN) <= 0, "a duration from 10s to 24h, such as 1m:"
                        + " how often every node runs a full collection for the heap trend")
                .optional();
        return nodes.map(count -> new ClusterSpec(count.intValue(), (int) workers, cpuBudget, heap, runtime,
                fullGcEvery));
    }
}
