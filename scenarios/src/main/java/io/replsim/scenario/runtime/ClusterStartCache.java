package io.replsim.scenario.runtime;

import io.replsim.scenario.spec.ClusterSpec;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The node start-up cache as one cluster of node processes uses it: the options each node's JVM starts with, what
 * the start line says of it, and, when the cluster records it, the recorder's release from its CPU budget and the
 * cache it wrote kept for the next runs. The recorder is the last node, which a scenario's faults reach least often
 * (the first founds the cluster and is its coordinator, and it wins the ties of primary-of-most).
 */
final class ClusterStartCache {
    /** What a node recording a flight may take beyond the usual exit to write its recording on a busy machine. */
    private static final Duration FLIGHT_RECORDING_WRITE = Duration.ofSeconds(15);

    private final NodeStartCache cache;
    private final boolean flightRecording;
    private final String recorder;
    private final Path logDirectory;
    private final PrintStream out;

    private ClusterStartCache(NodeStartCache cache, ClusterSpec cluster, Path logDirectory, PrintStream out) {
        this.cache = cache;
        this.flightRecording = cluster.flightRecording();
        this.recorder = cluster.nodeNames().getLast();
        this.logDirectory = logDirectory;
        this.out = out;
    }

    /** No cache: the cluster has not started. */
    static ClusterStartCache off(ClusterSpec cluster, Path logDirectory, PrintStream out) {
        return new ClusterStartCache(new NodeStartCache.Off(), cluster, logDirectory, out);
    }

    /** The cache {@code launcher} names for a cluster's start, none for a cluster that records a flight. */
    static ClusterStartCache of(ClusterSpec cluster, NodeLauncher launcher, Path logDirectory, PrintStream out) {
        // A JVM that records a flight cannot use an AOT cache trained without it (JDK 25 reports an error and starts
        // cold), and should not train the next runs' cache with the recorder on.
        return new ClusterStartCache(cluster.flightRecording() ? new NodeStartCache.Off()
                : launcher.startCache().forCluster(), cluster, logDirectory, out);
    }

    /** The options of {@code node}'s JVM. */
    List<String> jvmOptions(String node) {
        return cache.jvmOptions(node.equals(recorder));
    }

    /**
     * How much longer than usual a node may take to exit: the recorder writes the cache as it does, and a node that
     * records a flight writes its recording (a survivor's came out empty at load 16 within the usual 5 s).
     */
    Duration extraExitTime() {
        return flightRecording ? cache.extraExitTime().plus(FLIGHT_RECORDING_WRITE) : cache.extraExitTime();
    }

    /** What the start line says of how the node JVMs started. */
    String startedHow() {
        return switch (cache) {
            case NodeStartCache.Use use -> " (node JVMs from the start-up cache " + use.file().getFileName()
                    + "; REPLSIM_NODE_CACHE=off starts them cold)";
            case NodeStartCache.Record record -> " (node JVMs cold; " + recorder
                    + " records their start-up cache, written when it stops)";
            case NodeStartCache.UseOrRecord unresolved -> "";
            case NodeStartCache.Off off -> flightRecording
                    ? " (node JVMs cold: a flight recording and the start-up cache do not go together)" : "";
        };
    }

    /** Says which of {@code nodes} could not use the cache they were given, by their logs, and why. */
    void reportRefusals(List<String> nodes) {
        if (cache instanceof NodeStartCache.Use use) {
            for (String name : nodes) {
                Path log = logDirectory.resolve(name + ".log");
                use.refusalIn(log).ifPresent(reason -> out.println("replsim: " + name + " started cold: its JVM"
                        + " could not use the start-up cache " + use.file() + " (" + reason + "; " + log + ")"));
            }
        }
    }

    /**
     * The run's figures are taken: the recorder writes the start-up cache as it exits (a JVM of its own, in its
     * cgroup), on every core rather than its budget, about a second sooner on 2 busy cores.
     */
    void releaseRecorder(CpuQuotaGroups groups) {
        if (cache instanceof NodeStartCache.Record && groups != null) {
            try {
                groups.release(recorder);
            } catch (IOException e) {
                out.println("replsim: " + recorder + " writes the start-up cache on its CPU budget: " + e.getMessage());
            }
        }
    }

    /** Once every node has exited: the cache the recorder's JVM wrote, if it wrote one, is the next runs'. */
    void keepRecorded(List<NodeProcess> processes) {
        if (cache instanceof NodeStartCache.Record record) {
            Path log = processes.stream().filter(p -> p.handle().name().equals(recorder)).findFirst()
                    .map(NodeProcess::log).orElse(logDirectory.resolve(recorder + ".log"));
            record.keep(log).ifPresentOrElse(
                    why -> out.println("replsim: the node start-up cache was not written: " + why
                            + "; the next run records it again"),
                    () -> out.println("replsim: node start-up cache written to " + record.file()
                            + "; the next runs' node JVMs start from it"));
        }
    }
}
