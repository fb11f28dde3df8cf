package io.replsim.scenario.spec;

import io.replsim.node.settings.NodeResources;
import io.replsim.replication.transport.StackPreset;
import io.replsim.settings.DataSize;
import io.replsim.settings.Grammar;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads the {@code cluster} section: how many nodes and what each one gets. What the node itself is told (its
 * workers, its CPU budget) is read with the node's own settings ({@link NodeResources}); the rest is the runner's
 * and in no node settings group, as no node is told it (the count makes the member list, the heap the JVM's
 * {@code -Xmx}, the runtime where nodes start, {@code fullGcEvery} the runner's admin calls, {@code jfr} the JVMs' options, {@code metrics} the runtime's ports), so it is read with
 * the same vocabulary's grammars ({@link Grammar}) instead.
 */
final class ClusterReader {

    static final List<String> FIELDS = Stream.of(List.of("nodes"), SectionSettings.fieldsOf(NodeResources.SETTINGS),
            List.of("heap", "runtime", "fullGcEvery", "jfr", "metrics")).flatMap(List::stream).toList();

    private static final int MAX_NODES = 16;
    private static final DataSize MIN_HEAP = DataSize.parse("32m");
    private static final DataSize MAX_HEAP = DataSize.parse("32g");
    /** More often and the pauses become the load's story. */
    private static final Duration LEAST_FULL_GC_PERIOD = Duration.ofSeconds(10);

    private ClusterReader() {
    }

    static Optional<ClusterSpec> read(MapReader cluster) {
        Optional<Integer> nodes = cluster.value("nodes", Grammar.wholeNumber(1, MAX_NODES)).required();
        NodeResources resources = NodeResources.SETTINGS.read(SectionSettings.of(cluster, NodeResources.SETTINGS),
                NodeResources.SCENARIO_DEFAULTS);
        DataSize heap = cluster.size("heap")
                .must(size -> size.compareTo(MIN_HEAP) >= 0 && size.compareTo(MAX_HEAP) <= 0,
                        "a size from " + MIN_HEAP + " to " + MAX_HEAP + ", such as 256m")
                .orElse(ClusterSpec.DEFAULT_HEAP);
        RuntimeKind runtime = cluster.choice("runtime", RuntimeKind.class, "a runtime").orElse(RuntimeKind.PROCESS);
        Optional<Duration> fullGcEvery = cluster.duration("fullGcEvery")
                .must(every -> every.compareTo(LEAST_FULL_GC_PERIOD) >= 0
                                && every.compareTo(LoadSettings.LONGEST_SPAN) <= 0,
                        "a duration from 10s to 24h, such as 1m: how often every node runs a full collection for the"
                                + " heap trend")
                .optional();
        boolean jfr = cluster.flag("jfr").orElse(false);
        boolean metrics = cluster.flag("metrics").orElse(false);
        return nodes.map(count -> new ClusterSpec(count, resources, heap, runtime, fullGcEvery,
                StackPreset.TUNED.tuning(), jfr, metrics));
    }
}
