package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.scenario.run.ExternalCluster;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.external.ExternalTarget;
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
 * A capacity search enters through the one entry with what the search needs of its runtime, not what a run of the
 * scenario would: its load's model is refused where the runtime cannot drive it, before any run directory, and the
 * scenario's faults and checks, which a search does not play, ask nothing.
 */
class CapacityEntranceTest {

    /** One target on a port nothing listens on: a search that gets as far as starting fails there. */
    private static final ExternalTarget NOWHERE = new ExternalTarget(List.of(
            new NodeEndpoint("node1", URI.create("http://127.0.0.1:1"))), "/counter", TargetProtocol.REPLSIM,
            Optional.empty(), Optional.empty());

    private record Searched(Path runs, String console) {
    }

    private static Searched search(Path dir, String yaml, Class<? extends Exception> fails, String because)
            throws Exception {
        Path file = Files.writeString(dir.resolve("searched.yaml"), yaml);
        ScenarioSpec spec = ScenarioLoader.load(file);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        Path runs = dir.resolve("runs");
        CapacityRunner runner = new CapacityRunner(new ScenarioRunner(runs, NodeLauncher.currentJvm(), out,
                Duration.ofSeconds(5)), out);

        assertThatThrownBy(() -> runner.run(spec, file, new ExternalCluster(NOWHERE, out), CapacityCriteria.DEFAULT,
                new SearchPlan(10, 2, 0.05, 3, 40), false)).isInstanceOf(fails).hasMessageContaining(because);
        return new Searched(runs, console.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anOpenLoadOnARuntimeWithoutTheOpenModelIsRefusedBeforeARunDirectoryIsMade(@TempDir Path dir)
            throws Exception {
        Searched searched = search(dir, """
                name: open
                cluster: {nodes: 1}
                load: {model: open, rate: 20, sessions: 20, duration: 4s}
                """, IllegalArgumentException.class, "load.model: the open model needs arrivals at a rate");

        assertThat(searched.runs()).as("no run directory").doesNotExist();
        assertThat(searched.console()).isEmpty();
    }

    @Test
    void faultsAndChecksTheSearchDoesNotPlayAskNothingOfItsRuntime(@TempDir Path dir) throws Exception {
        // a run of it would be refused on --target (a pause, maxViewChange); the search starts, and finds no target
        Searched searched = search(dir, """
                name: closed
                cluster: {nodes: 1}
                load: {users: 4, thinkTime: 100ms, duration: 4s}
                faults:
                  - {type: pause, at: 1s, target: node1, for: 1s}
                checks: {maxViewChange: 2s}
                """, ClusterStartException.class, "http://127.0.0.1:1");

        assertThat(searched.console()).contains("replsim: capacity of closed, run directory ");
        try (var made = Files.list(searched.runs())) {
            assertThat(made.map(path -> path.getFileName().toString()).toList())
                    .singleElement().asString().endsWith("-closed-capacity-external");
        }
    }
}
