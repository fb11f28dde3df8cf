package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.scenario.runtime.NodeLauncher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The abort path a person takes: {@code replsim run} in its own JVM, ended by a signal while a node is paused.
 * SIGTERM runs the same shutdown hook as Ctrl-C; every node, the frozen one too, must be gone soon after.
 */
class RunnerAbortProcessTest {
    private static final String SCENARIO = """
            name: abort
            cluster: {nodes: 3, workers: 4, cpuBudget: 0.5, heap: 96m}
            load: {users: 6, thinkTime: 300ms, rampUp: 1s, duration: 60s}
            faults:
              - {type: pause, at: 2s, target: node2}
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aRunEndedBySigtermWhileANodeIsPausedLeavesNoNodeProcess(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("abort.yaml"), SCENARIO);
        Path console = dir.resolve("console.log");
        NodeLauncher jvm = NodeLauncher.currentJvm();
        List<String> command = new ArrayList<>(List.of(jvm.java().toString(), "-XX:TieredStopAtLevel=1"));
        // the suite's nodes, as every other test's: from its start-up cache, on C1 (what this test claims is the
        // abort, not a start; cold and tiered, its 3 nodes and itself spent 10-25 cpu-s more)
        for (String property : List.of(NodeLauncher.START_CACHE_PROPERTY, NodeLauncher.NODE_CLASSPATH_PROPERTY,
                NodeLauncher.COMPILER_PROPERTY)) {
            Optional.ofNullable(System.getProperty(property)).ifPresent(value -> command.add("-D" + property + "=" + value));
        }
        // this JVM's class path, not the nodes' (which may be the suite's jar-only one, without the CLI's classes)
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.replsim.cli.ReplsimCommand",
                "run", file.toString(), "--runs-dir", dir.resolve("runs").toString()));
        Process runner = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile()).start();
        try {
            await().atMost(Duration.ofSeconds(90)).until(() -> Files.readString(console).contains("fault: pause node2"));
            List<ProcessHandle> nodes = runner.descendants().filter(ProcessHandle::isAlive).toList();
            assertThat(nodes).as(Files.readString(console)).hasSize(3);

            runner.destroy();

            assertThat(runner.waitFor(30, TimeUnit.SECONDS)).as("the runner exits on SIGTERM").isTrue();
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                    assertThat(nodes.stream().filter(ProcessHandle::isAlive).toList())
                            .as("node processes left running").isEmpty());
            assertThat(Files.readString(console)).contains("interrupted; killing the 3 node process(es)");
        } finally {
            runner.descendants().forEach(ProcessHandle::destroyForcibly);
            runner.destroyForcibly();
        }
    }
}
