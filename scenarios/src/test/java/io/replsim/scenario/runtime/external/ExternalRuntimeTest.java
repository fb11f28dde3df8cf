package io.replsim.scenario.runtime.external;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.runtime.NodeHandle;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A cluster replsim does not run, as a runtime: the user's commands kill and restart, its stats are not read. */
@Timeout(30)
class ExternalRuntimeTest {

    private static final List<NodeEndpoint> NODES = List.of(
            new NodeEndpoint("a", URI.create("http://127.0.0.1:8081")),
            new NodeEndpoint("b", URI.create("http://127.0.0.1:8082")));

    private static ExternalTarget target(Optional<NodeCommand> kill, Optional<NodeCommand> restart) {
        return new ExternalTarget(NODES, "/counter", TargetProtocol.REPLSIM, kill, restart);
    }

    private static Optional<NodeCommand> command(String what, String template) {
        return Optional.of(new NodeCommand(what, template, Duration.ofSeconds(10)));
    }

    private static List<String> live(ExternalRuntime runtime) {
        return runtime.liveNodes().stream().map(NodeHandle::name).toList();
    }

    @Test
    void aKillRunsTheUsersCommandAndTheRestartBringsTheNodeBack() throws Exception {
        List<String> said = new ArrayList<>();
        ExternalRuntime runtime = new ExternalRuntime(target(command("kill", "echo killed {node}"),
                command("restart", "echo started {node}")), said::add);

        runtime.kill("b");
        assertThat(live(runtime)).containsExactly("a");
        assertThat(said).contains("  killed b");
        assertThatThrownBy(() -> runtime.kill("b")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("b is down already");

        runtime.restart("b");
        assertThat(live(runtime)).containsExactly("a", "b");
        assertThat(said).contains("  started b");
    }

    @Test
    void aKillWhoseCommandFailsLeavesTheNodeUpAndSaysWhy() {
        ExternalRuntime runtime = new ExternalRuntime(target(command("kill", "exit 3"), Optional.empty()), line -> {
        });

        assertThatThrownBy(() -> runtime.kill("a")).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("the kill command for a exited with 3");
        assertThat(live(runtime)).containsExactly("a", "b");
        assertThatThrownBy(() -> runtime.restart("a")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("needs --restart-command");
    }

    @Test
    void itsNodeStatsAreNotReadAndNoOtherFaultIsApplied() {
        ExternalRuntime runtime = new ExternalRuntime(target(Optional.empty(), Optional.empty()), line -> {
        });

        assertThat(runtime.readsNodeStats()).isFalse();
        assertThatThrownBy(() -> runtime.admin("a")).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("not measured");
        assertThatThrownBy(() -> runtime.pause("a")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void startingItFailsWithTheTargetThatDoesNotAnswer() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        ExternalRuntime runtime = new ExternalRuntime(new ExternalTarget(List.of(new NodeEndpoint("gone",
                URI.create("http://127.0.0.1:" + closedPort))), "/counter", TargetProtocol.REPLSIM, Optional.empty(),
                Optional.empty()), line -> {
        });

        assertThatThrownBy(() -> runtime.start(Duration.ofSeconds(5))).isInstanceOf(ClusterStartException.class)
                .hasMessageContaining("gone=http://127.0.0.1:" + closedPort + " did not answer GET /counter");
    }
}
