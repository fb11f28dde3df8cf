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
 * The node JVMs' start-up cache: which node records it and when its recording becomes the cache, that a cluster
 * started without it records it for the next (real node processes), which nodes use it, and a node whose JVM refuses
 * it is named on the console as started cold, so nobody compares its figures with warm ones.
 */
class NodeStartCacheProcessTest {
    private static final String SCENARIO = """
            name: start-cache
            cluster: {nodes: 1, workers: 4, cpuBudget: 1.0, heap: 128m}
            workload: {app: counter, payload: 1KB}
            load: {users: 1, thinkTime: 100ms, rampUp: 1s, duration: 5s, requestTimeout: 5s}
            """;

    @Test
    void onlyTheRecorderRecordsBesideTheCacheAndMayTakeLongerToExitWhileItWritesIt() {
        var record = new NodeStartCache.Record(Path.of("/tmp/x.aot"));

        assertThat(record.recording().getParent()).isEqualTo(Path.of("/tmp"));
        assertThat(record.recording().getFileName().toString()).startsWith("x.aot.recording-");
        assertThat(record.jvmOptions(true)).containsExactly("-XX:AOTCacheOutput=" + record.recording());
        assertThat(record.jvmOptions(false)).isEmpty();
        assertThat(record.extraExitTime()).isGreaterThan(Duration.ofSeconds(30));
        assertThat(new NodeStartCache.Record(Path.of("/tmp/x.aot")).recording()).as("two runs record apart")
                .isNotEqualTo(record.recording());
        assertThat(new NodeStartCache.Use(Path.of("/tmp/x.aot")).jvmOptions(false))
                .containsExactly("-XX:AOTCache=/tmp/x.aot");
        assertThat(new NodeStartCache.Off().jvmOptions(true)).isEmpty();
    }

    @Test
    void theLaunchersCacheIsUsedWhenItExistsAndRecordedByTheClusterWhenNot(@TempDir Path dir) throws Exception {
        var launchers = new NodeStartCache.UseOrRecord(dir.resolve("node.aot"));

        assertThat(launchers.forCluster()).isInstanceOfSatisfying(NodeStartCache.Record.class,
                record -> assertThat(record.file()).isEqualTo(dir.resolve("node.aot")));
        assertThat(launchers.jvmOptions(true)).as("unresolved, it records nothing").isEmpty();

        Files.writeString(dir.resolve("node.aot"), "a cache");
        assertThat(launchers.forCluster()).isEqualTo(new NodeStartCache.Use(dir.resolve("node.aot")));
    }

    @Test
    void aRecordingBecomesTheCacheOnlyWhenTheRecordersJvmSaysItWroteAllOfIt(@TempDir Path dir) throws Exception {
        var record = new NodeStartCache.Record(dir.resolve("node.aot"));
        Path config = dir.resolve(record.recording().getFileName() + ".config");
        Files.writeString(record.recording(), "half a cache");
        Files.writeString(config, "left by a JVM killed while writing");
        Path killed = Files.writeString(dir.resolve("killed.log"), """
                REPLSIM-NODE-READY name=node3 http=1 admin=2
                Launching child process java to assemble AOT cache %s
                """.formatted(record.recording()));

        assertThat(record.keep(killed)).hasValueSatisfying(why -> assertThat(why).contains("did not finish"));
        assertThat(dir.resolve("node.aot")).doesNotExist();
        assertThat(record.recording()).doesNotExist();
        assertThat(config).doesNotExist();

        Files.writeString(record.recording(), "a whole cache");
        Path stopped = Files.writeString(dir.resolve("stopped.log"), """
                REPLSIM-NODE-READY name=node3 http=1 admin=2
                AOTCache creation is complete: %s 44146688 bytes
                """.formatted(record.recording()));

        assertThat(record.keep(stopped)).isEmpty();
        assertThat(dir.resolve("node.aot")).hasContent("a whole cache");
        assertThat(record.recording()).doesNotExist();
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
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aClusterStartedWithoutTheCacheRecordsItAndTheNextClusterStartsFromIt(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Runtime.version().feature() >= 25,
                "-XX:AOTCacheOutput needs JDK 25 for the node JVM; this one is " + Runtime.version());
        ScenarioSpec spec = ScenarioLoader.parse(SCENARIO, "start-cache.yaml");
        Path cache = dir.resolve("node.aot");
        NodeLauncher launcher = NodeLauncher.currentJvm().withStartCache(new NodeStartCache.UseOrRecord(cache));

        String first = startAndStop(spec, launcher, dir.resolve("first"));
        assertThat(first).contains("node1 records their start-up cache")
                .contains("node start-up cache written to " + cache);
        assertThat(cache).isNotEmptyFile();
        assertThat(dir.toFile().list()).as("nothing but the cache and the runs' directories")
                .containsExactlyInAnyOrder("node.aot", "first");

        String second = startAndStop(spec, launcher, dir.resolve("second"));
        assertThat(second).contains("node JVMs from the start-up cache node.aot").doesNotContain("started cold")
                .doesNotContain("records");
    }

    private static String startAndStop(ScenarioSpec spec, NodeLauncher launcher, Path nodes) throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try (ProcessRuntime runtime = new ProcessRuntime(spec.cluster(), spec.replication(), spec.workload(),
                nodes, launcher, new PrintStream(console, true, StandardCharsets.UTF_8))) {
            runtime.start(Duration.ofSeconds(60));
        }
        return console.toString(StandardCharsets.UTF_8);
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
