package io.replsim.cli;

import static io.replsim.scenario.SummaryJsonAssertions.measuredNumber;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.NodePorts;
import io.replsim.scenario.runtime.PortAllocator;
import io.replsim.scenario.runtime.ReservedPorts;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.awaitility.core.ConditionTimeoutException;
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

    private static final String TOKEN = "external-drill-test-token";
    private static final String CLUSTER_SECRET = "external-drill-test-cluster-secret";

    private final Map<String, Process> nodes = new LinkedHashMap<>();
    private final List<ReservedPorts> reserved = new ArrayList<>();

    @AfterEach
    void stopWhatIsLeftOfTheCluster() throws InterruptedException {
        for (Process process : nodes.values()) {
            process.destroyForcibly();
        }
        for (Process process : nodes.values()) {
            process.waitFor();
        }
        reserved.forEach(ReservedPorts::close);
    }

    @Test
    void theKillRunsTheUsersCommandOnTheBusiestNodeAndTheVerifierCountsTheSessionsKept(@TempDir Path dir)
            throws Exception {
        Set<Long> childrenBefore = children();
        List<NodePorts> ports = reservePorts(2);
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
                // judged by its checks: validity is RunCommandValidityTest's subject, and a run on a shared 2-core
                // machine may be INVALID
                "--accept-invalid", "--progress-every", "2", "--runs-dir", runs.toString());

        assertThat(exit).isZero();
        JsonNode summary = new ObjectMapper().readTree(onlyRun(runs, "-external-process-external").resolve("summary.json").toFile());
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
        assertThat(measuredNumber(kill, "/failoverMs").asLong()).isPositive();
        assertThat(measuredNumber(summary, "/sessions/ok").asLong()).isEqualTo(20);
        assertThat(measuredNumber(summary, "/sessions/lost").asLong()).isZero();
        assertThat(measuredNumber(summary, "/sessions/stale").asLong()).isZero();
        assertThat(measuredNumber(kill, "/attributed/sessionsLost").asLong()).isZero();
        assertThat(measuredNumber(summary, "/requests/total").asLong()).isPositive();
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
        assertThat(onlyRun(runs, "-external-process-external").resolve("report.html")).exists();
        assertThat(Files.readAllLines(onlyRun(runs, "-external-process-external").resolve("events.jsonl"))).hasSize(1);
    }

    @Test
    void aRestartRunsTheUsersCommandWhichStartsTheKilledNodeAgainInTheBackground(@TempDir Path dir)
            throws Exception {
        List<NodePorts> ports = reservePorts(2);
        String members = "127.0.0.1[" + ports.get(0).jgroups() + "],127.0.0.1[" + ports.get(1).jgroups() + "]";
        String cluster = "external-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
        // each node's start script, as a user keeps one per server: the node in the background, its pid in a file
        for (int i = 0; i < 2; i++) {
            String name = "node" + (i + 1);
            Files.writeString(dir.resolve(name + ".sh"), startScript(name, ports.get(i), members, cluster, dir));
        }
        Path scenario = Files.writeString(dir.resolve("external-restart.yaml"), """
                name: external-restart
                cluster: {nodes: 2}
                load: {users: 10, thinkTime: 200ms, rampUp: 1s, duration: 16s}
                faults:
                  - {type: kill, at: 4s, target: node2}
                  - {type: restart, at: 7s, target: node2}
                checks: {maxSessionsLost: 0, maxSessionsStale: 0}
                """);
        try {
            runScript(dir.resolve("node1.sh"));
            awaitLine(dir.resolve("node1.log"), "REPLSIM-NODE-READY");
            runScript(dir.resolve("node2.sh"));
            awaitLine(dir.resolve("node2.log"), "REPLSIM-NODE-READY");
            awaitLine(dir.resolve("node1.log"), "[node1, node2]");
            long firstNode2 = pidIn(dir.resolve("node2.pid"));

            int exit = new CommandLine(new ReplsimCommand()).execute("run", scenario.toString(),
                    "--target", "node1=http://127.0.0.1:" + ports.get(0).http(),
                    "--target", "node2=http://127.0.0.1:" + ports.get(1).http(),
                    "--kill-command", "kill -9 $(cat '" + dir + "'/{node}.pid)",
                    "--restart-command", "sh '" + dir + "'/{node}.sh",
                    "--accept-invalid", "--progress-every", "2", "--runs-dir", dir.resolve("runs").toString());

            assertThat(exit).isZero();
            long secondNode2 = pidIn(dir.resolve("node2.pid"));
            assertThat(secondNode2).as("the restart command started a new node2").isNotEqualTo(firstNode2);
            assertThat(ProcessHandle.of(firstNode2).filter(ProcessHandle::isAlive)).as("the first node2").isEmpty();
            assertThat(ProcessHandle.of(secondNode2).filter(ProcessHandle::isAlive)).isPresent();
            // the new node2 joined the survivor's view: node1 saw a view of both twice, before the kill and after
            await().atMost(Duration.ofSeconds(30)).until(() -> Files.readAllLines(dir.resolve("node1.log")).stream()
                    .filter(line -> line.contains("view changed:") && line.contains("(2) [node1, node2]")).count() >= 2);

            JsonNode summary = new ObjectMapper().readTree(onlyRun(dir.resolve("runs"), "-external-restart-external")
                    .resolve("summary.json").toFile());
            assertThat(summary.get("faults")).extracting(fault -> fault.get("type").asText() + " "
                    + fault.get("node").asText()).containsExactly("kill node2", "restart node2");
            assertThat(measuredNumber(summary, "/sessions/lost").asLong()).isZero();
            assertThat(measuredNumber(summary, "/sessions/ok").asLong()).isEqualTo(10);
            assertThat(summary.at("/external/restartCommand").asText()).isEqualTo("sh '" + dir + "'/{node}.sh");
        } finally {
            for (String name : List.of("node1", "node2")) {
                Path pid = dir.resolve(name + ".pid");
                if (Files.exists(pid)) {
                    ProcessHandle.of(pidIn(pid)).ifPresent(node -> {
                        node.destroyForcibly();
                        node.onExit().join();
                    });
                }
            }
        }
    }

    private static String startScript(String name, NodePorts ports, String members, String cluster, Path dir) {
        String command = nodeCommand(name, ports, members, cluster).stream().map(arg -> "'" + arg + "'")
                .collect(Collectors.joining(" "));
        return "REPLSIM_ADMIN_TOKEN=" + TOKEN + " REPLSIM_CLUSTER_SECRET=" + CLUSTER_SECRET + " " + command + " >> '" + dir.resolve(name + ".log") + "' 2>&1 &\n"
                + "echo $! > '" + dir.resolve(name + ".pid") + "'\n";
    }

    /** A start script, run to its end: the node it starts goes on in the background. */
    private static void runScript(Path script) throws IOException, InterruptedException {
        Process shell = new ProcessBuilder("sh", script.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(shell.waitFor()).isZero();
    }

    private static long pidIn(Path file) throws IOException {
        return Long.parseLong(Files.readString(file).strip());
    }

    private static List<String> nodeCommand(String name, NodePorts ports, String members, String cluster) {
        NodeLauncher launcher = NodeLauncher.currentJvm();
        return List.of(launcher.java().toString(), "-Xms96m", "-Xmx96m",
                "-Djava.net.preferIPv4Stack=true", "-cp", launcher.classpath(), "io.replsim.node.NodeMain",
                "--name", name, "--cluster", cluster, "--bind", "127.0.0.1",
                "--http-port", Integer.toString(ports.http()), "--admin-port", Integer.toString(ports.admin()),
                "--jgroups-port", Integer.toString(ports.jgroups()), "--members", members,
                "--workers", "8", "--cpu-budget", "0.5",
                "--parent-pid", Long.toString(ProcessHandle.current().pid()));
    }

    private void start(String name, NodePorts ports, String members, String cluster, Path dir) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(nodeCommand(name, ports, members, cluster))
                .redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile());
        builder.environment().put("REPLSIM_ADMIN_TOKEN", TOKEN);
        builder.environment().put("REPLSIM_CLUSTER_SECRET", CLUSTER_SECRET);
        Process process = builder.start();
        nodes.put(name, process);
        Files.writeString(dir.resolve(name + ".pid"), Long.toString(process.pid()));
    }

    /** A fresh clone's suite once waited out the minute here unsaid: the message names the log and shows its end. */
    private static void awaitLine(Path log, String text) throws IOException {
        try {
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                    .until(() -> Files.exists(log) && Files.readString(log).contains(text));
        } catch (ConditionTimeoutException e) {
            List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of("(no log written)");
            throw new AssertionError(log + " did not show \"" + text + "\" within 60 s; its last lines:"
                    + System.lineSeparator() + String.join(System.lineSeparator(),
                    lines.subList(Math.max(0, lines.size() - 15), lines.size())), e);
        }
    }

    private static Path onlyRun(Path runs, String suffix) throws IOException {
        try (Stream<Path> made = Files.list(runs)) {
            List<Path> all = made.toList();
            assertThat(all).hasSize(1);
            assertThat(all.getFirst().getFileName().toString()).endsWith(suffix);
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

    /** Ports for the nodes started here, held until the test ends as a run holds its cluster's. */
    private List<NodePorts> reservePorts(int count) {
        ReservedPorts block = new PortAllocator(InetAddress.getLoopbackAddress(), ThreadLocalRandom.current())
                .allocate(count);
        reserved.add(block);
        return block.nodes();
    }
}
