package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node JVMs' start-up cache: which node records it, which nodes use it, and a node whose JVM refuses it (a
 * real node process) is named on the console as started cold, so nobody compares its figures with warm ones.
 */
class NodeStartCacheProcessTest {
    private static final String SCENARIO = """
            name: start-cache
            cluster: {nodes: 1, workers: 4, cpuBudget: 1.0, heap: 128m}
            workload: {app: counter, payload: 1KB}
            load: {users: 1, thinkTime: 100ms, rampUp: 1s, duration: 5s, requestTimeout: 5s}
            """;

    @Test
    void onlyTheFirstNodeRecordsAndItMayTakeLongerToExitWhileItWritesTheCache() {
        var train = new NodeStartCache.Train(Path.of("/tmp/x.aot"));

        assertThat(train.jvmOptions(true)).containsExactly("-XX:AOTCacheOutput=/tmp/x.aot");
        assertThat(train.jvmOptions(false)).isEmpty();
        assertThat(train.extraExitTime()).isGreaterThan(Duration.ofSeconds(30));
        assertThat(new NodeStartCache.Use(Path.of("/tmp/x.aot")).jvmOptions(false))
                .containsExactly("-XX:AOTCache=/tmp/x.aot");
        assertThat(new NodeStartCache.Off().jvmOptions(true)).isEmpty();
    }

    @Test
    void aJvmsFirstComplaintAboutTheCacheIsItsRefusalAndALogWithoutOneIsNone(@TempDir Path dir) throws Exception {
        var cache = new NodeStartCache.Use(Path.of("/tmp/x.aot"));
        Path refused = Files.writeString(dir.resolve("refused.log"), """
                [0.005s][warning][aot] Unable to read generic CDS file map header from AOT cache
                [0.005s][error  ][aot] Unable to map shared spaces
                REPLSIM-NODE-READY name=node1 http=1 admin=2
                """);
        Path used = Files.writeString(dir.resolve("used.log"), """
                REPLSIM-NODE-READY name=node1 http=1 admin=2
                2026-11-26T08:35:53.893Z [main] INFO ClusterTransport - [aot] is not a JVM log line
                """);

        assertThat(cache.refusalIn(refused)).contains("Unable to read generic CDS file map header from AOT cache");
        assertThat(cache.refusalIn(used)).isEmpty();
        assertThat(cache.refusalIn(dir.resolve("no-such.log"))).isEmpty();
    }

    @Test
    void aLauncherWithoutTheLaunchersPropertyStartsNodesCold() {
        // the suite's own cache (NodeStartCacheForTests) set it for every other test: left out for this one
        String suiteCache = System.clearProperty(NodeLauncher.START_CACHE_PROPERTY);
        try {
            assertThat(NodeLauncher.currentJvm().startCache()).isInstanceOf(NodeStartCache.Off.class);
        } finally {
            if (suiteCache != null) {
                System.setProperty(NodeLauncher.START_CACHE_PROPERTY, suiteCache);
            }
        }
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aNodeWhoseJvmRefusesTheCacheIsNamedAsStartedCold(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Runtime.version().feature() >= 25,
                "-XX:AOTCache needs JDK 25 for the node JVM; this one is " + Runtime.version());
        Path cache = Files.write(dir.resolve("not-a-cache.aot"), "not an AOT cache".getBytes(StandardCharsets.UTF_8));
        ScenarioSpec spec = ScenarioLoader.parse(SCENARIO, "start-cache.yaml");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        NodeLauncher launcher = NodeLauncher.currentJvm().withStartCache(new NodeStartCache.Use(cache));

        try (ProcessRuntime runtime = new ProcessRuntime(spec.cluster(), spec.replication(), spec.workload(),
                dir.resolve("nodes"), launcher, new PrintStream(console, true, StandardCharsets.UTF_8))) {
            runtime.start(Duration.ofSeconds(60));
        }

        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(printed).contains("node JVMs from the start-up cache not-a-cache.aot")
                .contains("replsim: node1 started cold: its JVM could not use the start-up cache " + cache);
    }
}
