package io.replsim.node.lifecycle;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class ParentProcessWatcherTest {
    @Test
    void thisProcessIsRunning() {
        assertThat(ParentProcessWatcher.isRunning(ProcessHandle.current().pid())).isTrue();
    }

    @Test
    void aChildThatWasKilledIsNotRunningEvenBeforeItIsReaped() throws Exception {
        Process child = new ProcessBuilder("sleep", "30").start();
        try {
            assertThat(ParentProcessWatcher.isRunning(child.pid())).isTrue();
            // Kill it but do not wait for it: until the JDK's reaper collects it, it may be a zombie.
            child.destroyForcibly();
            await().atMost(Duration.ofSeconds(5)).until(() -> !ParentProcessWatcher.isRunning(child.pid()));
        } finally {
            child.destroyForcibly().waitFor();
        }
    }
}
