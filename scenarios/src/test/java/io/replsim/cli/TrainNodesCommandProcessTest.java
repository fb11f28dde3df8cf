package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.runtime.NodeLauncher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's training after a build, as the launcher calls it: {@code train-nodes} writes the start-up cache, so
 * the first run after the build starts its nodes from it, none of them cold and none recording (real node
 * processes, the training's three and the run's one); a training that writes none says why on its one line.
 */
class TrainNodesCommandProcessTest {
    private static final String SCENARIO = """
            name: first-after-build
            cluster: {nodes: 1, workers: 4, cpuBudget: 1.0, heap: 128m}
            workload: {app: counter, payload: 1KB}
            load: {users: 1, thinkTime: 100ms, rampUp: 500ms, duration: 1s, requestTimeout: 5s}
            """;

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void theFirstRunAfterTheTrainingStartsItsNodesFromTheCacheItWrote(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Runtime.version().feature() >= 25,
                "the start-up cache needs JDK 25 for the node JVMs; this one is " + Runtime.version());
        Path cache = dir.resolve("node-start-cache").resolve("node.aot");
        Files.createDirectories(cache.getParent());
        Path scenario = Files.writeString(dir.resolve("first-after-build.yaml"), SCENARIO);

        ReplsimCall training = ReplsimCall.of("train-nodes", "--cache", cache.toString());

        assertThat(training.err()).as("exit %d", training.exit())
                .startsWith("replsim: training the node start-up cache (once after a build): ")
                .contains(" written in ").doesNotContain("not written");
        assertThat(training.exit()).isZero();
        assertThat(cache).isNotEmptyFile();

        // the suite's own cache (NodeStartCacheForTests) is named for every other test: the launcher's for this run
        String suiteCache = System.setProperty(NodeLauncher.START_CACHE_PROPERTY, cache.toString());
        ReplsimCall run;
        try {
            run = ReplsimCall.of("run", scenario.toString(), "--runs-dir", dir.resolve("runs").toString(),
                    "--accept-invalid");
        } finally {
            if (suiteCache == null) {
                System.clearProperty(NodeLauncher.START_CACHE_PROPERTY);
            } else {
                System.setProperty(NodeLauncher.START_CACHE_PROPERTY, suiteCache);
            }
        }

        assertThat(run.out()).as(run.err())
                .contains("cluster up: [node1] in one view after")
                .contains("(node JVMs from the start-up cache node.aot;")
                .doesNotContain("started cold").doesNotContain("records their start-up cache");
    }

    @Test
    void aTrainingThatWritesNoCacheSaysWhyOnItsOneLineAndExitsAsBroken(@TempDir Path dir) throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("not-a-directory"), "a file");

        ReplsimCall training = ReplsimCall.of("train-nodes", "--cache", notADirectory.resolve("node.aot").toString());

        assertThat(training.exit()).isEqualTo(ReplsimCommand.RUN_BROKE);
        assertThat(training.err().lines()).singleElement().asString()
                .startsWith("replsim: training the node start-up cache (once after a build): ")
                .contains(" not written: it broke: ").contains(notADirectory.toString())
                .endsWith("the next cluster's nodes start cold and one of them records it");
    }
}
