package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.cli.ReplsimCommand;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A drill against a cluster Docker Swarm runs: docker/swarm-stack.yaml deployed on a one-node swarm made here (and
 * left again), driven through {@code replsim run --target}, the busiest node killed through the orchestrator
 * ({@code docker kill} of its task's container, docker/swarm-node.sh) and brought back by Swarm as a fresh task,
 * which the restart command waits for. The kill must be read back, the killed node's users served again with no
 * session lost or stale under sync {@code placement: all}, and the fresh task must rejoin the view and hold every
 * session again (its admin stats, read while the drill runs). Nothing of the stack may be left.
 */
class DockerSwarmDrillIT {
    private static final Path PROJECT = Path.of("").toAbsolutePath().getParent();
    private static final String STACK = "replsim-drill";
    private static final List<String> NODES = List.of("node1", "node2", "node3");
    private static final Duration ONE_VIEW_WITHIN = Duration.ofSeconds(90);

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aKillThroughSwarmIsReadBackAndTheFreshTaskRejoinsHoldingEverySession(@TempDir Path dir) throws Exception {
        String image = new NodeImage(PROJECT, Path.of(System.getProperty("java.home"))).ensureBuilt();
        String token = "swarm-drill-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
        DockerCli docker = new DockerCli(Map.of("REPLSIM_IMAGE", image, "REPLSIM_ADMIN_TOKEN", token,
                "REPLSIM_CLUSTER_SECRET", "swarm-drill-secret-" + Long.toHexString(ThreadLocalRandom.current()
                        .nextLong()), "REPLSIM_CPUS", "0.66", "REPLSIM_HEAP", "128m", "REPLSIM_MEMORY", "512m"));
        String swarmBefore = OneNodeSwarm.state(docker);
        List<String> networksBefore = OneNodeSwarm.networksBesideRuns(docker);
        Path script = PROJECT.resolve("docker/swarm-node.sh");
        Path runs = dir.resolve("runs");
        StringBuilder printed = new StringBuilder();
        try (OneNodeSwarm swarm = OneNodeSwarm.here(docker);
             SwarmStack stack = SwarmStack.deploy(docker, PROJECT.resolve("docker/swarm-stack.yaml"), STACK)) {
            Map<String, AdminClient> admin = admin(token);
            long deployed = System.nanoTime();
            await().atMost(ONE_VIEW_WITHIN).pollInterval(Duration.ofMillis(500)).ignoreExceptions()
                    .until(() -> inOneView(admin));
            printed.append(String.format(Locale.ROOT, "the stack's 3 nodes in one view %.1f s after the deploy%n",
                    (System.nanoTime() - deployed) / 1e9));

            Path scenario = PROJECT.resolve("scenarios/swarm-drill.yaml");
            try (RejoinWatch watch = RejoinWatch.start(admin)) {
                int exit = drill(scenario, runs, stack, script);
                JsonNode summary = new ObjectMapper().readTree(onlyRun(runs).resolve("summary.json").toFile());
                assertThat(exit).as("the run's exit (its checks; its console is above)").isZero();
                assertThat(summary.get("faults")).as("the drill's one fault, done and read back within the run"
                        + " (its console is above)").hasSize(1);
                JsonNode fault = summary.at("/faults/0");
                String killed = fault.get("node").asText();
                assertThat(fault.get("type").asText()).isEqualTo("restart");
                assertThat(fault.get("target").asText()).isEqualTo("primary-of-most");
                assertThat(fault.at("/evidence/confirmed").asBoolean())
                        .as("killed and seen gone, then up again: %s%n%s", fault.at("/evidence/seen"), printed)
                        .isTrue();
                assertThat(fault.get("affectedUsers").asInt()).as("%s", printed).isPositive();
                assertThat(fault.get("recoveredUsers").asInt()).as("%s", printed)
                        .isEqualTo(fault.get("affectedUsers").asInt());
                assertThat(summary.at("/sessions/lost").asLong()).as("%s", printed).isZero();
                assertThat(summary.at("/sessions/stale").asLong()).as("%s", printed).isZero();
                assertThat(summary.at("/sessions/ok").asLong()).as("%s", printed).isPositive();

                // Swarm started a second task for the killed node's service, and for no other
                for (String node : NODES) {
                    assertThat(stack.containersOf(node)).as("%s's tasks", node).hasSize(node.equals(killed) ? 2 : 1);
                }
                // seen while the users still held their sessions (they log out at the end of the run)
                RejoinWatch.Rejoin rejoin = watch.rejoinOf(killed).orElseThrow(() -> new AssertionError(
                        "no fresh process of " + killed + " answered its admin API during the drill"));
                long faultAt = fault.get("epochMs").asLong();
                assertThat(rejoin.fullViewAtEpochMs()).as("%s's fresh task in a view of all 3: %s", killed, rejoin)
                        .isNotNull();
                assertThat(rejoin.holdsEverySessionAtEpochMs()).as("%s's fresh task holding every session: %s",
                        killed, rejoin).isNotNull();
                printed.append(String.format(Locale.ROOT, "%s killed through Swarm: fresh process started %d ms"
                        + " after the fault, in the view of 3 at %d ms, holding every session (%d) at %d ms;"
                        + " sessions owned+backed up at the last reading: %s%n", killed,
                        rejoin.startedAtEpochMs() - faultAt, rejoin.fullViewAtEpochMs() - faultAt,
                        rejoin.sessionsHeld(), rejoin.holdsEverySessionAtEpochMs() - faultAt, rejoin.lastRound()));
            }
        } finally {
            System.out.print(printed);
        }
        assertThat(SwarmStack.leftBehind(docker, STACK)).as("the stack's services, containers, networks, secrets")
                .isEmpty();
        assertThat(OneNodeSwarm.state(docker)).as("the engine's swarm as before the test").isEqualTo(swarmBefore);
        assertThat(OneNodeSwarm.networksBesideRuns(docker)).as("the engine's networks as before the test")
                .containsExactlyInAnyOrderElementsOf(networksBefore);
    }

    /**
     * {@code replsim run --target} at the stack's nodes, killing and awaiting through docker/swarm-node.sh; its
     * console goes to the test's output.
     */
    private static int drill(Path scenario, Path runs, SwarmStack stack, Path script) {
        return new CommandLine(new ReplsimCommand()).execute("run", scenario.toString(),
                "--target", "node1=http://127.0.0.1:8381", "--target", "node2=http://127.0.0.1:8382",
                "--target", "node3=http://127.0.0.1:8383",
                "--kill-command", stack.nodeCommand(script, "kill"),
                // Swarm starts the fresh task; the command waits for it, within 15 s: the kill at 8 s and the wait
                // end within the 26 s run, so that a task Swarm never starts fails the fault, not the run's end
                "--restart-command", "REPLSIM_AWAIT_SECONDS=15 " + stack.nodeCommand(script, "await"),
                // judged by its checks: a run on a shared 2-core machine may be INVALID
                "--accept-invalid", "--progress-every", "2", "--runs-dir", runs.toString());
    }

    /** Each node's admin API on the host's loopback (the stack's nodes use the host's network), with the token. */
    private static Map<String, AdminClient> admin(String token) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        Map<String, AdminClient> admin = new LinkedHashMap<>();
        for (int i = 0; i < NODES.size(); i++) {
            admin.put(NODES.get(i), new AdminClient(NODES.get(i),
                    new HttpAdminChannel(URI.create("http://127.0.0.1:848" + (i + 1)), token, http)));
        }
        return admin;
    }

    private static boolean inOneView(Map<String, AdminClient> admin) throws IOException, InterruptedException {
        for (AdminClient node : admin.values()) {
            if (node.stats().view().members().size() != NODES.size()) {
                return false;
            }
        }
        return true;
    }

    private static Path onlyRun(Path runs) throws IOException {
        try (Stream<Path> dirs = Files.list(runs)) {
            List<Path> found = dirs.filter(Files::isDirectory).toList();
            assertThat(found).as("one run directory in %s", runs).hasSize(1);
            return found.getFirst();
        }
    }
}
