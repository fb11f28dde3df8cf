package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.NodePorts;
import io.replsim.scenario.runtime.PortAllocator;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code replsim run --target}: a drill against a cluster replsim did not start. Two replsim node processes,
 * started here by hand as a user would start theirs (scenarios/external-drill.yaml's header), are "your cluster";
 * the drill's kill runs {@code kill -9} on the pid file of the node the router sends most users to.
 */
@Timeout(180)
class RunCommandExternalTargetProcessTest {

    private static final String SCENARIO = """
            name: external-process
            cluster: {nodes: 2}
            load:
              users: 20
              thinkTime: 200ms
              rampUp: 1s
              duration: 14s
            faults:
              - {type: kill, at: 6s, target: primary-of-most}
            checks:
              maxSessionsLost: 0
              maxFailover: 8s
            """;

    private final Map<String, Process> nodes = new LinkedHashMap<>();

    @AfterEach
    void stopWhatIsLeftOfTheCluster() throws InterruptedException {
        for (Process process : nodes.values()) {
            process.destroyForcibly();
        }
        for (Process process : nodes.values()) {
            process.waitFor();
        }
    }

    @Test
    void theKillRunsTheUsersCommandOnTheBusiestNodeAndTheVerifierCountsTheSessionsKept(@TempDir Path dir)
            throws Exception {
        Set<Long> childrenBefore = children();
        List<NodePorts> ports = new PortAllocator(InetAddress.getLoopbackAddress(), ThreadLocalRandom.current())
                .allocate(2);
        String members = "127.0.0.1[" + ports.get(0).jgroups() + "],127.0.0.1[" + ports.get(1).jgroups() + "]";
        String cluster = "external-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
        // the coordinator first, as a user starting nodes by hand would wait for it
        start("node1", ports.get(0), members, cluster, dir);
        awaitLine(dir.resolve("node1.log"), "REPLSIM-NODE-READY");
        start("node2", ports.get(1), members, cluster, dir);
        awaitLine(dir.resolve("node2.log"), "REPLSIM-NODE-READY");
        awaitLine(dir.resolve("node1.log"), "[node1, node2]");
        awaitLine(dir.resolve("node2.log"), "[node1, node2]");

        Path scenario = Files.writeString(dir.resolve("external-process.yaml"), SCENARIO);
        Path runs = dir.resolve("runs");
        int exit = new CommandLine(new ReplsimCommand()).execute("run", scenario.toString(),
                "--target", "node1=http://127.0.0.1:" + ports.get(0).http(),
                "--target", "node2=http://127.0.0.1:" + ports.get(1).http(),
                "--kill-command", "kill -9 $(cat '" + dir + "'/{node}.pid)",
                "--progress-every", "2", "--runs-dir", runs.toString());

        assertThat(exit).isZero();
        JsonNode summary = new ObjectMapper().readTree(onlyRun(runs).resolve("summary.json").toFile());
        JsonNode kill = summary.at("/faults/0");
        String killed = kill.get("node").asText();
        String survivor = killed.equals("node1") ? "node2" : "node1";
        assertThat(summary.get("faults")).hasSize(1);
        assertThat(kill.get("type").asText()).isEqualTo("kill");
        assertThat(kill.get("target").asText()).isEqualTo("primary-of-most");
        // the command really killed that node's process, and only that one
        await().atMost(Duration.ofSeconds(10)).until(() -> !nodes.get(killed).isAlive());
        assertThat(nodes.get(killed).exitValue()).isEqualTo(137);
        assertThat(nodes.get(survivor).isAlive()).isTrue();
        // the kill command's shells have ended with it: of what this test started, only the survivor runs
        Set<Long> started = children();
        started.removeAll(childrenBefore);
        assertThat(started).containsExactly(nodes.get(survivor).pid());

        // the busiest node had users (at least half of them, with two nodes); each was served again by the
        // survivor, with its session intact
        int affected = kill.get("affectedUsers").asInt();
        assertThat(affected).isBetween(10, 20);
        assertThat(kill.get("recoveredUsers").asInt()).isEqualTo(affected);
        assertThat(kill.get("failoverMs").asLong()).isPositive();
        assertThat(summary.at("/sessions/ok").asLong()).isEqualTo(20);
        assertThat(summary.at("/sessions/lost").asLong()).isZero();
        assertThat(summary.at("/sessions/stale").asLong()).isZero();
        assertThat(kill.at("/attributed/sessionsLost").asLong()).isZero();
        assertThat(summary.at("/requests/total").asLong()).isPositive();
        assertThat(summary.get("verdict").asText()).isEqualTo("PASS");

        // what cannot be read from outside is null, not zero
        assertThat(summary.get("cluster").isNull()).isTrue();
        assertThat(summary.get("nodes").isNull()).isTrue();
        assertThat(kill.get("viewChangeMs").isNull()).isTrue();
        assertThat(kill.at("/attributed/gravitations").isNull()).isTrue();
        assertThat(kill.at("/impact/utilizationBefore").isNull()).isTrue();
        JsonNode external = summary.get("external");
        assertThat(external.get("targets")).hasSize(2);
        assertThat(external.get("killCommand").asText()).startsWith("kill -9 $(cat ");
        assertThat(external.get("restartCommand").isNull()).isTrue();
        List<String> fields = iterate(summary);
        assertThat(fields.getLast()).isEqualTo("external");
        assertThat(onlyRun(runs).resolve("report.html")).exists();
        assertThat(Files.readAllLines(onlyRun(runs).resolve("events.jsonl"))).hasSize(1);
    }

    private void start(String name, NodePorts ports, String members, String cluster, Path dir) throws IOException {
        NodeLauncher launcher = NodeLauncher.currentJvm();
        ProcessBuilder builder = new ProcessBuilder(launcher.java().toString(), "-Xms96m", "-Xmx96m",
                "-Djava.net.preferIPv4Stack=true", "-cp", launcher.classpath(), "io.replsim.node.NodeMain",
                "--name", name, "--cluster", cluster, "--bind", "127.0.0.1",
                "--http-port", Integer.toString(ports.http()), "--admin-port", Integer.toString(ports.admin()),
                "--jgroups-port", Integer.toString(ports.jgroups()), "--members", members,
                "--workers", "8", "--cpu-budget", "0.5",
                "--parent-pid", Long.toString(ProcessHandle.current().pid()))
                .redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile());
        builder.environment().put("REPLSIM_ADMIN_TOKEN", "external-drill-test-token");
        Process process = builder.start();
        nodes.put(name, process);
        Files.writeString(dir.resolve(name + ".pid"), Long.toString(process.pid()));
    }

    private static void awaitLine(Path log, String text) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> Files.exists(log) && Files.readString(log).contains(text));
    }

    private static Path onlyRun(Path runs) throws IOException {
        try (Stream<Path> made = Files.list(runs)) {
            List<Path> all = made.toList();
            assertThat(all).hasSize(1);
            assertThat(all.getFirst().getFileName().toString()).endsWith("-external-process-external");
            return all.getFirst();
        }
    }

    private static Set<Long> children() {
        return ProcessHandle.current().children().filter(ProcessHandle::isAlive).map(ProcessHandle::pid)
                .collect(Collectors.toCollection(HashSet::new));
    }

    private static List<String> iterate(JsonNode object) {
        List<String> names = new java.util.ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
