package io.replsim.scenario.run;

import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.runtime.DirectoryTree;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.NodeStartCache;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.SpecException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Trains the node JVMs' start-up cache on a short run of replsim's own nodes, before any scenario needs it: the
 * quickstart's replication and workload made short (2 nodes form one view, 10 users' sessions served and replicated
 * over HTTP, node1 killed so node2 sees a member fail and takes its users over), played by {@link ScenarioRunner}
 * like any scenario, and its last node records what it loaded and profiled. The launcher runs it once after each
 * build, the test suite once per build of its jars. It takes the cold start, 2 s of load, and the recorder's JVM
 * writing the cache as it stops (3-6 s on 2 cores).
 */
public final class StartCacheTraining {
    /**
     * The quickstart's replication and workload on 2 nodes (the code a node runs is the same in a cluster of 3, and a
     * third cold JVM's start is a third more CPU to wait for), a core each (what the cache holds does not depend on
     * the quota), the load just long enough for node1's users to be served again on node2.
     */
    static final String SCENARIO = """
            name: node-start-cache-training
            cluster: {nodes: 2, workers: 16, cpuBudget: 1.0, heap: 256m}
            replication: {placement: all, granularity: session, delivery: sync, syncTimeout: 2s}
            workload: {app: counter, payload: 4KB}
            load: {users: 10, thinkTime: 100ms, rampUp: 300ms, duration: 2s, requestTimeout: 5s}
            faults:
              - {type: kill, at: 1s, target: node1}
            """;

    private final NodeLauncher launcher;
    private final Path workDirectory;

    /** Node JVMs of {@code launcher}'s java and class path; the run's files and log under {@code workDirectory}. */
    public StartCacheTraining(NodeLauncher launcher, Path workDirectory) {
        this.launcher = launcher;
        this.workDirectory = workDirectory;
    }

    /** The training run's console, kept for when it went wrong. */
    public Path log() {
        return workDirectory.resolve("training.log");
    }

    /**
     * Plays the training and leaves the cache at {@code cache} when the recorder's JVM wrote all of it; otherwise
     * says why not, in a few words and with where the training's log is. Whatever it started is stopped.
     */
    public Optional<String> train(Path cache) throws InterruptedException {
        try {
            Files.createDirectories(workDirectory);
            Files.deleteIfExists(cache);
            Path runs = workDirectory.resolve("runs");
            DirectoryTree.delete(runs);
            Path specFile = Files.writeString(workDirectory.resolve("training.yaml"), SCENARIO);
            try (PrintStream out = new PrintStream(Files.newOutputStream(log()), true, StandardCharsets.UTF_8)) {
                // Whatever the run's verdict, the cache holds what its nodes loaded and profiled: all it is for.
                new ScenarioRunner(runs, launcher.withStartCache(new NodeStartCache.Record(cache)), out,
                        Duration.ofSeconds(5)).run(ScenarioLoader.load(specFile), specFile);
            }
        } catch (ClusterStartException e) {
            return Optional.of("its cluster did not come up: " + e.getMessage() + " (" + log() + ")");
        } catch (IOException | SpecException | RuntimeException e) {
            return Optional.of("it broke: " + e + " (" + log() + ")");
        }
        return Files.isRegularFile(cache) ? Optional.empty()
                : Optional.of("the recording node's JVM wrote no cache (the training's log: " + log() + ")");
    }
}
