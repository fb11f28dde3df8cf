package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a runtime reads back of a real process (a {@code sleep}, standing in for a node JVM): its state in /proc while
 * it runs, T once SIGSTOP froze it, its exit status once it ended; and whether it ended unasked.
 */
class ProcessWatchTest {
    private final List<Process> started = new ArrayList<>();

    @TempDir
    Path dir;

    @AfterEach
    void endEverything() throws InterruptedException {
        for (Process process : started) {
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private NodeProcess node(String name) throws Exception {
        Process process = new ProcessBuilder("sleep", "60").start();
        started.add(process);
        return new NodeProcess(new NodeHandle(name, java.net.URI.create("http://127.0.0.1:1")), process,
                dir.resolve(name + ".log"));
    }

    @Test
    void aRunningProcessReadsUpAStoppedOneFrozenAndAKilledOneDownWithItsExitStatus() throws Exception {
        NodeProcess node = node("node1");
        assertThat(node.watch().state()).isInstanceOf(NodeState.Up.class);

        node.signal("STOP");
        await().atMost(Duration.ofSeconds(5)).until(() -> node.watch().state() instanceof NodeState.Frozen);
        assertThat(node.watch().state().seen()).contains("in state T (/proc/").endsWith(": stopped");

        node.kill(Duration.ofSeconds(5));
        assertThat(node.watch().state()).isEqualTo(new NodeState.Down("pid " + node.pid(),
                "pid " + node.pid() + " exited with 137 (SIGKILL)"));
    }

    @Test
    void onlyAnEndTheRuntimeDidNotAskForIsADeathUnasked() throws Exception {
        NodeProcess killedByTheRuntime = node("node1");
        killedByTheRuntime.kill(Duration.ofSeconds(5));
        assertThat(killedByTheRuntime.watch().deathUnasked()).isEmpty();

        NodeProcess killedFromOutside = node("node2");
        ProcessHandle.of(killedFromOutside.pid()).orElseThrow().destroyForcibly();
        await().atMost(Duration.ofSeconds(5)).until(() -> !killedFromOutside.alive());
        assertThat(killedFromOutside.watch().deathUnasked()).hasValueSatisfying(death -> {
            assertThat(death.node()).isEqualTo("node2");
            assertThat(death.how()).isEqualTo("exited with 137 (SIGKILL)");
        });
        // a kill fault that comes after the death does not make it asked for
        killedFromOutside.kill(Duration.ofSeconds(5));
        assertThat(killedFromOutside.watch().deathUnasked()).isPresent();
    }
}
