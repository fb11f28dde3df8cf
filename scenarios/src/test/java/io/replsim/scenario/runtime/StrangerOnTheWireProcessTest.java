package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.replication.transport.TcpStackSpec;
import io.replsim.replication.transport.wire.Stranger;
import io.replsim.replication.transport.wire.StrangerBytes;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two node processes as the runner starts them (with {@code -XX:+ExitOnOutOfMemoryError}), on the quickstart's
 * transport (TCP_NIO2) and on the wildfly preset's (TCP). A stranger sends node1's JGroups, FD_SOCK2 and stream
 * ports the 33-byte message that killed a node, a 2 GB frame length, random bytes, and the 33 bytes a byte at a time;
 * node1 closes each connection and counts it in its admin stats ({@code peersRefused}), stays up, and still serves
 * and replicates. On 288addf node1 died at the first 33 bytes ("Requested array size exceeds VM limit").
 */
@ExtendWith(NoNodeProcessLeft.class)
class StrangerOnTheWireProcessTest {
    private static final Duration PATIENCE = Duration.ofSeconds(20);
    /** Where the stranger claims to listen: no node's port. */
    private static final int CLAIMED_PORT = 40_000;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{preset: wildfly}"})
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aNodeTurnsAStrangerAwayOnEachPortCountsItAndStillServesAndReplicates(String jgroups, @TempDir Path dir)
            throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse("""
                name: stranger
                cluster: {nodes: 2, workers: 4, cpuBudget: 0.5, heap: 96m}
                jgroups: %s
                load: {users: 1, thinkTime: 1s, duration: 10s}
                """.formatted(jgroups), "stranger.yaml");
        var console = new ByteArrayOutputStream();
        try (ProcessRuntime runtime = new ProcessRuntime(spec.cluster(), spec.replication(), spec.workload(),
                dir.resolve("nodes"), NodeLauncher.currentJvm(),
                new PrintStream(console, true, StandardCharsets.UTF_8))) {
            runtime.start(Duration.ofSeconds(60));
            NodePorts ports = runtime.ports("node1");
            InetSocketAddress jgroupsPort = loopback(ports.jgroups());
            Set<Integer> listening = ListeningPorts.of(runtime.pid("node1"));
            InetSocketAddress socketMonitor = loopback(socketMonitorPort(listening, ports));
            InetSocketAddress stream = loopback(streamPort(listening, ports));

            for (InetSocketAddress port : new InetSocketAddress[] {jgroupsPort, socketMonitor, stream}) {
                byte[] killer = port.equals(socketMonitor) ? StrangerBytes.hugeHeader(CLAIMED_PORT)
                        : StrangerBytes.hugePayload(CLAIMED_PORT);
                String where = port.equals(jgroupsPort) ? "the JGroups port"
                        : port.equals(socketMonitor) ? "FD_SOCK2's port" : "the stream port";
                assertRefusedOnce(runtime, where + ", the 33 bytes", port, killer, Duration.ZERO);
                assertRefusedOnce(runtime, where + ", a 2 GB frame length", port,
                        StrangerBytes.hugeFrameLength(CLAIMED_PORT), Duration.ZERO);
                assertRefusedOnce(runtime, where + ", random bytes", port, StrangerBytes.random(port.getPort(), 64),
                        Duration.ZERO);
                assertRefusedOnce(runtime, where + ", the 33 bytes a byte every 100 ms", port, killer,
                        Duration.ofMillis(100));
            }

            assertThat(runtime.liveNodes()).as(console.toString(StandardCharsets.UTF_8)).hasSize(2);
            assertThat(runtime.admin("node1").health().members()).isEqualTo(2);
            assertServesAndReplicates(runtime, "node1", "node2");
            assertServesAndReplicates(runtime, "node2", "node1");
        }
    }

    private static void assertRefusedOnce(ProcessRuntime runtime, String what, InetSocketAddress port, byte[] bytes,
                                          Duration drip) throws Exception {
        long before = refused(runtime);
        assertThat(Stranger.turnedAway(port, bytes, drip, PATIENCE)).as(what + ": closed by node1").isTrue();
        assertThat(runtime.liveNodes()).as(what + ": node1 lives").hasSize(2);
        await(what + ": counted").atMost(PATIENCE).until(() -> refused(runtime) > before);
        assertThat(refused(runtime)).as(what + ": counted once").isEqualTo(before + 1);
    }

    /** A new session on {@code owner} (HTTP 200) that {@code backup} then holds a copy of. */
    private static void assertServesAndReplicates(ProcessRuntime runtime, String owner, String backup)
            throws Exception {
        int copiesBefore = runtime.admin(backup).stats().sessions().backup();
        URI counter = runtime.nodes().stream().filter(node -> node.name().equals(owner)).findFirst().orElseThrow()
                .httpUri().resolve("/counter");
        HttpResponse<String> served = HTTP.send(HttpRequest.newBuilder(counter).timeout(PATIENCE).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(served.statusCode()).as(owner + " serves: " + served.body()).isEqualTo(200);
        await(backup + " holds a copy of " + owner + "'s new session").atMost(PATIENCE)
                .until(() -> runtime.admin(backup).stats().sessions().backup() == copiesBefore + 1);
    }

    private static long refused(ProcessRuntime runtime) throws Exception {
        return runtime.admin("node1").stats().replication().peersRefused();
    }

    /**
     * FD_SOCK2's port: the first of its range it could bind. Another test JVM's member may hold the first (a suite
     * runs several), and FD_SOCK2 then listens on the next.
     */
    private static int socketMonitorPort(Set<Integer> listening, NodePorts ports) {
        List<Integer> inRange = socketMonitorRange(ports).stream().filter(listening::contains).toList();
        assertThat(inRange).as("node1's FD_SOCK2 port among " + socketMonitorRange(ports)).hasSize(1);
        return inRange.getFirst();
    }

    /** The one port node1 listens on that is none of the ports it was given: its direct-stream server's. */
    private static int streamPort(Set<Integer> listening, NodePorts ports) {
        Set<Integer> others = new HashSet<>(listening);
        others.removeAll(Set.of(ports.http(), ports.admin(), ports.jgroups()));
        others.removeAll(socketMonitorRange(ports));
        assertThat(others).as("node1's ports besides HTTP, admin, JGroups and FD_SOCK2's range").hasSize(1);
        return others.iterator().next();
    }

    private static List<Integer> socketMonitorRange(NodePorts ports) {
        return IntStream.rangeClosed(ports.failureDetection(),
                ports.failureDetection() + TcpStackSpec.FAILURE_DETECTION_PORT_RANGE).boxed().toList();
    }

    private static InetSocketAddress loopback(int port) {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
    }
}
