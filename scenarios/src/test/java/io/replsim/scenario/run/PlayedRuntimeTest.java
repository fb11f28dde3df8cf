package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.external.ExternalTarget;
import io.replsim.scenario.runtime.external.NodeCommand;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one entry's choice of runtime ({@link PlayedRuntime#of}) and its refusal of what that runtime cannot play,
 * made before anything: no run directory, no cluster, no target asked.
 */
class PlayedRuntimeTest {

    private static final String OWN = """
            name: own
            cluster: {nodes: 2}
            load: {users: 4, thinkTime: 100ms, duration: 5s}
            faults:
              - {type: pause, at: 1s, target: node2, for: 1s}
            """;

    private static final String TOMCAT = """
            name: members
            cluster: {nodes: 2, runtime: tomcat}
            load: {users: 4, thinkTime: 100ms, duration: 5s}
            """;

    /** Two targets on ports nothing listens on: asking them would fail the run, not refuse it. */
    private static final ExternalTarget TWO_TARGETS = new ExternalTarget(List.of(
            new NodeEndpoint("node1", URI.create("http://127.0.0.1:1")),
            new NodeEndpoint("node2", URI.create("http://127.0.0.1:2"))), "/counter", TargetProtocol.REPLSIM,
            Optional.of(new NodeCommand("kill", "true", NodeCommand.DEFAULT_TIMEOUT)), Optional.empty());

    private static ScenarioSpec spec(String yaml) throws Exception {
        return ScenarioLoader.parse(yaml, "scenario.yaml");
    }

    private static PlayedRuntime<?> chosen(String yaml, Optional<ExternalTarget> target) throws Exception {
        return PlayedRuntime.of(spec(yaml), target, NodeLauncher.currentJvm(), System.out);
    }

    @Test
    void aTargetIsPlayedAsAnExternalClusterTomcatAsItsMembersAndTheRestOnReplsimsOwnNodes() throws Exception {
        assertThat(chosen(OWN, Optional.empty())).isInstanceOf(OwnNodes.class);
        assertThat(chosen(TOMCAT, Optional.empty())).isInstanceOf(TomcatMembers.class);
        assertThat(chosen(OWN, Optional.of(TWO_TARGETS))).isInstanceOf(ExternalCluster.class);
        assertThatThrownBy(() -> chosen(TOMCAT, Optional.of(TWO_TARGETS)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--target drives a cluster you run; members has cluster.runtime tomcat");
    }

    @Test
    void whatTheChosenRuntimeCannotPlayIsRefusedBeforeARunDirectoryIsMade(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("own.yaml"), OWN);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        ScenarioRunner runner = new ScenarioRunner(dir.resolve("runs"), NodeLauncher.currentJvm(), out,
                Duration.ofSeconds(1));

        assertThatThrownBy(() -> runner.run(spec(OWN), file, new ExternalCluster(TWO_TARGETS, out)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("runtime --target cannot play own")
                .hasMessageContaining("faults[0].type: a pause needs freezing a node");
        assertThat(dir.resolve("runs")).as("no run directory").doesNotExist();
        assertThat(console.toString(StandardCharsets.UTF_8)).isEmpty();
    }
}
