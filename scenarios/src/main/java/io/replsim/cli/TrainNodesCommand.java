package io.replsim.cli;

import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.runtime.DirectoryTree;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.NodeStartCache;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.SpecException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Trains the node JVMs' start-up cache: plays a short built-in scenario whose first node records a JDK AOT cache,
 * and moves the cache to {@code --output} only when the run completed and the JVM wrote it. The launcher runs this
 * after a build; hidden from the help because nobody needs to call it by hand.
 */
@Command(name = "train-nodes", hidden = true,
        description = "Train the node JVMs' start-up cache (the launcher runs this after a build).")
final class TrainNodesCommand implements Callable<Integer> {
    private static final String SCENARIO = "node-start-cache-training.yaml";

    @Option(names = "--output", required = true, description = "where the cache goes")
    Path output;

    @Option(names = "--work-dir", required = true, description = "the training run's directory (its log, its nodes')")
    Path workDir;

    @Override
    public Integer call() throws IOException {
        Files.createDirectories(workDir);
        Path specFile = workDir.resolve(SCENARIO);
        try (InputStream in = TrainNodesCommand.class.getResourceAsStream(SCENARIO)) {
            Files.copy(in, specFile, StandardCopyOption.REPLACE_EXISTING);
        }
        ScenarioSpec spec;
        try {
            spec = ScenarioLoader.load(specFile);
        } catch (SpecException e) {
            throw new IllegalStateException("the built-in training scenario does not load: " + e.getMessage(), e);
        }
        Path runs = workDir.resolve("runs");
        DirectoryTree.delete(runs);
        Path recorded = workDir.resolve("node.aot");
        Files.deleteIfExists(recorded);
        Path log = workDir.resolve("training.log");
        try (PrintStream runLog = new PrintStream(Files.newOutputStream(log), true)) {
            ScenarioRunner runner = new ScenarioRunner(runs,
                    NodeLauncher.currentJvm().withStartCache(new NodeStartCache.Train(recorded)), runLog,
                    Duration.ofSeconds(5));
            // Whatever the run's verdict, the cache holds what the node loaded and profiled: that is all it is for.
            int code = ClusterWork.exitCode("training run", () -> {
                runner.run(spec, specFile);
                return 0;
            });
            if (code != 0 || !Files.isRegularFile(recorded)) {
                System.err.println("replsim: the node start-up cache was not written (the training run's log: "
                        + log + "); nodes will start cold");
                return ReplsimCommand.RUN_BROKE;
            }
        }
        Files.move(recorded, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return 0;
    }
}
