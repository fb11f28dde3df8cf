package io.replsim.scenario.runtime.external;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.loadgen.exchange.NodeEndpoint;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class NodeCommandTest {

    private static final NodeEndpoint NODE = new NodeEndpoint("node2", URI.create("http://127.0.0.1:8082"));

    @Test
    void thePlaceholdersAndTheEnvironmentNameTheNode() throws Exception {
        NodeCommand command = new NodeCommand("kill", "echo {node} {url} {host} {port};"
                + " echo $REPLSIM_NODE $REPLSIM_URL $REPLSIM_HOST $REPLSIM_PORT", Duration.ofSeconds(10));

        NodeCommand.Outcome outcome = command.run(NODE);

        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.output().lines()).containsExactly("node2 http://127.0.0.1:8082 127.0.0.1 8082",
                "node2 http://127.0.0.1:8082 127.0.0.1 8082");
    }

    @Test
    void aCommandThatFailsIsReportedWithItsExitCodeAndTheEndOfItsStderr() {
        NodeCommand command = new NodeCommand("restart", "for i in 1 2 3 4 5 6 7; do echo line$i >&2; done; exit 4",
                Duration.ofSeconds(10));

        assertThatThrownBy(() -> command.run(NODE)).isInstanceOf(IOException.class)
                .hasMessage("the restart command for node2 exited with 4: for i in 1 2 3 4 5 6 7; do echo line$i >&2;"
                        + " done; exit 4; its stderr ended with:\nline3\nline4\nline5\nline6\nline7");
    }

    @Test
    void aCommandThatOutlivesItsTimeoutIsKilledWithWhatItStarted() {
        Set<Long> before = children();
        NodeCommand command = new NodeCommand("kill", "sleep 30 & sleep 30", Duration.ofMillis(500));

        assertThatThrownBy(() -> command.run(NODE)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("the kill command for node2 did not end within 500 ms and was killed");
        Set<Long> after = children();
        after.removeAll(before);
        assertThat(after).as("the shell and both sleeps are gone").isEmpty();
    }

    @Test
    void aCommandThatLeavesAServerRunningInTheBackgroundReturnsOnceItsShellDoes() throws Exception {
        // as a restart command does: the server keeps the output files open, which must not hold the drill up
        NodeCommand command = new NodeCommand("restart", "sleep 20 & echo $!", Duration.ofSeconds(10));

        NodeCommand.Outcome outcome = command.run(NODE);

        ProcessHandle background = ProcessHandle.of(Long.parseLong(outcome.output().strip())).orElseThrow();
        try {
            assertThat(outcome.exitCode()).isZero();
            assertThat(background.isAlive()).as("the command returned while its server still runs").isTrue();
        } finally {
            background.destroyForcibly();
        }
    }

    @Test
    void anEmptyCommandIsRefusedNamingTheOption() {
        assertThatThrownBy(() -> new NodeCommand("kill", " ", Duration.ofSeconds(1)))
                .hasMessageStartingWith("--kill-command: got an empty command");
    }

    private static Set<Long> children() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }
}
