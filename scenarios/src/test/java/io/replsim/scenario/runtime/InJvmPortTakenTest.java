package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another program binds one of an in-JVM node's ports between the check that its block was free and the node's bind,
 * as a test JVM beside it in the suite once did ("BindException: Address already in use" for node1): the runtime
 * closes that start's nodes and starts the cluster again on a new block, a bounded number of times, as the process
 * runtime does ({@link PortTakenProcessTest}).
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class InJvmPortTakenTest {
    private static final String SCENARIO = """
            name: in-jvm-port-taken
            cluster: {nodes: %d, workers: 4}
            load: {users: 1, thinkTime: 1s, duration: 5s}
            """;

    private final OtherProgramPorts other = new OtherProgramPorts();

    @AfterEach
    void releaseTheTakenPorts() throws IOException {
        other.close();
    }

    @Test
    void aStartWhoseJoinerFindsItsPortTakenStartsAgainOnANewBlock(@TempDir Path dir) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(SCENARIO.formatted(2), "port-taken.yaml");
        var console = new ByteArrayOutputStream();
        // node2's HTTP port, taken right after the first block was found free: node1 has started by the time it binds
        PortBlocks firstTaken = other.blocks(block -> other.handedOut().isEmpty()
                ? List.of(block.get(1).http()) : List.of());
        List<NodePorts> first;
        try (InJvmRuntime runtime = runtime(spec, dir, console, firstTaken)) {
            runtime.start(Duration.ofSeconds(60));

            String printed = console.toString(StandardCharsets.UTF_8);
            assertThat(other.handedOut()).as(printed).hasSizeGreaterThanOrEqualTo(2);
            first = other.handedOut().getFirst();
            assertThat(runtime.liveNodes()).as(printed).hasSize(2);
            assertThat(runtime.admin("node1").health().members()).as(printed).isEqualTo(2);
            assertThat(runtime.ports()).as(printed).containsAll(ports(other.handedOut().getLast()))
                    .doesNotContainAnyElementsOf(ports(first));
            assertThat(printed).contains("node2 could not bind a port found free a moment before",
                    "BindException", "starting the cluster again on other ports", "cluster up: [node1, node2]");
            // the first start's node1 left: its HTTP port is free again while the cluster runs on the new block
            assertThat(canBind(first.getFirst().http())).as("node1's first HTTP port released").isTrue();
            assertThat(other.held().getFirst().isBound()).as("the other program still holds its port").isTrue();
        }
    }

    @Test
    void aStartThatFindsAPortTakenOnEveryBlockFailsAfterItsLastAttempt(@TempDir Path dir) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(SCENARIO.formatted(1), "port-taken.yaml");
        var console = new ByteArrayOutputStream();
        PortBlocks alwaysTaken = other.blocks(block -> List.of(block.getFirst().http()));
        try (InJvmRuntime runtime = runtime(spec, dir, console, alwaysTaken)) {
            Throwable thrown = catchThrowable(() -> runtime.start(Duration.ofSeconds(60)));

            String printed = console.toString(StandardCharsets.UTF_8);
            assertThat(thrown).as(printed).isInstanceOf(ClusterStartException.class)
                    .hasMessageContaining("node1 could not bind a port found free a moment before")
                    .hasMessageContaining("BindException").hasMessageContaining("3 blocks of ports tried");
            assertThat(other.handedOut()).as(printed).hasSize(3);
            assertThat(runtime.liveNodes()).as(printed).isEmpty();
        }
    }

    private static List<Integer> ports(List<NodePorts> block) {
        return block.stream().flatMap(p -> List.of(p.http(), p.admin(), p.jgroups()).stream()).toList();
    }

    private static boolean canBind(int port) {
        try (ServerSocket socket = OtherProgramPorts.bind(port)) {
            return socket.isBound();
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    private static InJvmRuntime runtime(ScenarioSpec spec, Path dir, ByteArrayOutputStream console,
                                        PortBlocks blocks) {
        return new InJvmRuntime(spec, dir.resolve("nodes"), new PrintStream(console, true, StandardCharsets.UTF_8),
                blocks);
    }
}
