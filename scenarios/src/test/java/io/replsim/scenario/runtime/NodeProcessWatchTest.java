package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start's wait on real processes (a {@code sleep} standing in for a node JVM): a node that runs but never
 * answers ends the wait with its log's last lines in the message, and a node that exits with its exit code and
 * those lines, since the log itself may be gone (a test's temporary directory) when the message is read.
 */
class NodeProcessWatchTest {
    @TempDir
    Path dir;

    private Process process;

    @AfterEach
    void end() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly();
            process.waitFor();
        }
    }

    private NodeProcess nodeLogging(int lines) throws IOException {
        Path log = dir.resolve("node1.log");
        Files.write(log, IntStream.rangeClosed(1, lines).mapToObj(i -> "line " + i).toList());
        process = new ProcessBuilder("sleep", "60").start();
        return new NodeProcess(new NodeHandle("node1", URI.create("http://127.0.0.1:1")), process, log);
    }

    @Test
    void aNodeThatRunsButNeverAnswersEndsTheWaitWithTheEndOfItsLog() throws IOException {
        NodeProcess node = nodeLogging(40);
        AdminClient silent = new AdminClient("node1", (method, path, body) -> {
            throw new IOException("connection refused");
        });

        assertThatThrownBy(() -> ViewBarrier.await(List.of("node1"), 1, Duration.ZERO, name -> silent,
                new NodeProcessWatch(name -> node)))
                .isInstanceOf(ClusterStartException.class)
                .hasMessageStartingWith("node1 did not see 1 members within 0 s: admin API not answering")
                .hasMessageContaining(node.log() + "; its last lines:")
                .hasMessageContaining("line 26" + System.lineSeparator())
                .hasMessageEndingWith("line 40")
                .hasMessageNotContaining("line 25" + System.lineSeparator());
    }

    @Test
    void aNodeThatExitedIsNamedWithItsExitCodeAndTheEndOfItsLog() throws Exception {
        NodeProcess node = nodeLogging(3);
        var watch = new NodeProcessWatch(name -> node);
        assertThat(watch.deathNotice("node1")).isEmpty();

        process.destroyForcibly();
        await().atMost(Duration.ofSeconds(5)).until(() -> !node.alive());

        assertThat(watch.deathNotice("node1")).hasValue("exited with code 137 while starting; the end of its log ("
                + node.log() + "):" + System.lineSeparator() + String.join(System.lineSeparator(),
                "line 1", "line 2", "line 3"));
    }
}
