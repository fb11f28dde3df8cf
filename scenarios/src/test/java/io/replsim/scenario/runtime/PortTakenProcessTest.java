package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.replsim.node.NodeMain;
import io.replsim.replication.transport.TcpStackSpec;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another program binds one of a node's ports between the runtime's check that the block was free and the node's own
 * bind, as a second suite on the same machine once did ("Address already in use" in LossVerdictProcessTest): the
 * node exits with {@link NodeMain#EXIT_PORT_TAKEN}, and the runtime kills that start's other nodes and starts the
 * cluster again on a new block, a bounded number of times.
 */
@ExtendWith(NoNodeProcessLeft.class)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class PortTakenProcessTest {
    private static final String SCENARIO = """
            name: port-taken
            cluster: {nodes: %d, workers: 4, cpuBudget: 0.5, heap: 96m, jfr: %b}
            load: {users: 1, thinkTime: 1s, duration: 5s}
            """;

    private final OtherProgramPorts other = new OtherProgramPorts();

    @AfterEach
    void releaseTheTakenPorts() throws IOException {
        other.close();
    }

    @Test
    void aStartWhoseJoinerFindsItsPortTakenStartsAgainOnANewBlockAndLeavesOnlyThatStartsRecordings(@TempDir Path dir)
            throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(SCENARIO.formatted(2, true), "port-taken.yaml");
        var console = new ByteArrayOutputStream();
        // node2's JGroups port, taken right after the first block was found free; the second block is left alone
        PortBlocks firstTaken = other.blocks(block -> other.handedOut().isEmpty()
                ? List.of(block.get(1).jgroups()) : List.of());
        try (ProcessRuntime runtime = runtime(spec, dir, console, firstTaken)) {
            runtime.start(Duration.ofSeconds(60));

            String printed = console.toString(StandardCharsets.UTF_8);
            // a start beside the suite's other test JVMs may meet one of their clusters on a later block as well
            assertThat(other.handedOut()).as(printed).hasSizeGreaterThanOrEqualTo(2);
            assertThat(runtime.liveNodes()).as(printed).hasSize(2);
            assertThat(List.of(runtime.ports("node1"), runtime.ports("node2"))).isEqualTo(other.handedOut().getLast());
            assertThat(printed).contains("node2 could not bind a port found free a moment before",
                    "starting the cluster again on other ports", "cluster up: [node1, node2]");
            assertThat(runtime.deathsUnasked()).as("the first start's nodes ended on the runtime's word")
                    .hasValue(List.of());
            assertThat(other.held().getFirst().isBound()).as("the other program still holds its port").isTrue();
            // the abandoned start's JVMs created theirs as they started: a run's summary would list them as its nodes'
            assertThat(recordings(dir.resolve("nodes"))).as(printed).containsExactlyInAnyOrder(
                    "node1-" + runtime.pid("node1") + ".jfr", "node2-" + runtime.pid("node2") + ".jfr");
        }
    }

    /**
     * FD_SOCK2 takes the first free port of its range, and with every one taken JGroups throws an
     * IllegalStateException of its own ("failed to find an available port in ports [...]", seen in a suite run beside
     * another), no BindException: the node exits 4 all the same and the cluster starts on a new block.
     */
    @Test
    void aStartWhoseNodeFindsItsWholeFailureDetectionRangeTakenStartsAgainOnANewBlock(@TempDir Path dir)
            throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(SCENARIO.formatted(1, false), "port-taken.yaml");
        var console = new ByteArrayOutputStream();
        PortBlocks rangeTaken = other.blocks(block -> other.handedOut().isEmpty()
                ? failureDetectionRange(block.getFirst()) : List.of());
        try (ProcessRuntime runtime = runtime(spec, dir, console, rangeTaken)) {
            runtime.start(Duration.ofSeconds(60));

            String printed = console.toString(StandardCharsets.UTF_8);
            assertThat(other.handedOut()).as(printed).hasSizeGreaterThanOrEqualTo(2);
            assertThat(runtime.liveNodes()).as(printed).hasSize(1);
            assertThat(runtime.ports("node1")).isEqualTo(other.handedOut().getLast().getFirst());
            assertThat(printed).contains("node1 could not bind a port found free a moment before",
                    "failed to find an available port", "starting the cluster again on other ports",
                    "cluster up: [node1]");
            assertThat(other.held()).as("the other program still holds the range").allMatch(ServerSocket::isBound)
                    .hasSize(TcpStackSpec.FAILURE_DETECTION_PORT_RANGE + 1);
        }
    }

    @Test
    void aStartThatFindsAPortTakenOnEveryBlockFailsAfterItsLastAttempt(@TempDir Path dir) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(SCENARIO.formatted(1, false), "port-taken.yaml");
        var console = new ByteArrayOutputStream();
        PortBlocks alwaysTaken = other.blocks(block -> List.of(block.getFirst().http()));
        try (ProcessRuntime runtime = runtime(spec, dir, console, alwaysTaken)) {
            Throwable thrown = catchThrowable(() -> runtime.start(Duration.ofSeconds(60)));

            String printed = console.toString(StandardCharsets.UTF_8);
            assertThat(thrown).as(printed).isInstanceOf(ClusterStartException.class)
                    .hasMessageContaining("node1 exited with code " + NodeMain.EXIT_PORT_TAKEN)
                    .hasMessageContaining("BindException");
            assertThat(other.handedOut()).as(printed).hasSize(3);
        }
    }

    @Test
    void aStartThatFailsForAnotherReasonIsNotTriedAgain(@TempDir Path dir) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(SCENARIO.formatted(1, false), "port-taken.yaml");
        var console = new ByteArrayOutputStream();
        // a class path without the node: each JVM exits 1 before a port is bound
        NodeLauncher noNode = new NodeLauncher(NodeLauncher.currentJvm().java(), dir.toString());
        try (ProcessRuntime runtime = runtime(spec, dir, console, noNode, other.blocks(block -> List.of()))) {
            Throwable thrown = catchThrowable(() -> runtime.start(Duration.ofSeconds(60)));

            String printed = console.toString(StandardCharsets.UTF_8);
            assertThat(thrown).as(printed).isInstanceOf(ClusterStartException.class)
                    .hasMessageContaining("exited with code 1");
            assertThat(other.handedOut()).as(printed).hasSize(1);
        }
    }

    private static List<String> recordings(Path nodes) throws IOException {
        try (Stream<Path> files = Files.list(nodes)) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".jfr")).toList();
        }
    }

    /** Every port FD_SOCK2 may listen on for a node with these {@code ports}. */
    private static List<Integer> failureDetectionRange(NodePorts ports) {
        return IntStream.rangeClosed(0, TcpStackSpec.FAILURE_DETECTION_PORT_RANGE)
                .mapToObj(above -> ports.failureDetection() + above).toList();
    }

    private static ProcessRuntime runtime(ScenarioSpec spec, Path dir, ByteArrayOutputStream console,
                                          PortBlocks blocks) {
        return runtime(spec, dir, console, NodeLauncher.currentJvm(), blocks);
    }

    private static ProcessRuntime runtime(ScenarioSpec spec, Path dir, ByteArrayOutputStream console,
                                          NodeLauncher launcher, PortBlocks blocks) {
        return new ProcessRuntime(spec.cluster(), spec.replication(), spec.workload(), dir.resolve("nodes"), launcher,
                new PrintStream(console, true, StandardCharsets.UTF_8), CpuQuotaHost.THIS_HOST, blocks);
    }
}
