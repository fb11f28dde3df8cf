package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.replsim.scenario.fault.Disruption;
import io.replsim.scenario.fault.FaultEvidence;
import io.replsim.scenario.fault.NodeReadBack;
import io.replsim.scenario.report.CheckOutcome;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.NodeFigure;
import io.replsim.scenario.report.NodeFigures;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.run.PlayedScenario;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-JVM runtime plays scenarios as the process runtime does: a kill is a crash the survivors find out about
 * through failure detection (the killed node's users fail over and the run passes, and without copies they lose
 * exactly its sessions and the run fails), a restarted node joins again, and nothing it started outlives it: no
 * thread, no port.
 */
class InJvmRuntimeTest {
    // Think times of a second in the runs whose verdict is asserted: a machine at load 20 wakes the driver's users
    // 10-20 ms late, which is 5-10% of a 200 ms think time and makes the run INVALID, rightly, whatever the runtime.

    private static final String KILL_WITH_COPIES = """
            name: in-jvm-kill
            cluster: {nodes: 3, workers: 8}
            replication: {placement: all, delivery: sync, syncTimeout: 2s}
            workload: {app: counter, payload: 512B}
            load: {users: 12, thinkTime: 1s, rampUp: 1s, duration: 8s, requestTimeout: 3s}
            faults:
              - {type: kill, at: 3s, target: primary-of-most, expect: {maxLost: 0}}
            """;

    /** A kill through which every session survives: the run's verdict is PASS, as on node processes. */
    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aKillMakesTheKilledNodesUsersFailOverWithTheirSessionsAndTheRunPasses(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.playInJvm(dir, "in-jvm-kill", KILL_WITH_COPIES);
        RunSummary summary = played.summary();
        String printed = played.console();

        FaultReport kill = summary.faults().getFirst();
        assertThat(kill.affectedUsers()).as(printed).isPositive().isLessThan(12);
        // every one of its users was served by a survivor afterwards, its session intact
        assertThat(summary.sessions()).as(printed).isEqualTo(new RunSummary.Verdicts(12, 0, 0, 0, 0));
        assertThat(kill.recoveredUsers()).as(printed).isEqualTo(kill.affectedUsers());
        // the survivors learnt of the crash from failure detection: each installed a view without it
        assertThat(kill.viewChangeMs()).as(printed).isNotNull().isPositive();
        assertThat(kill.survivors()).as(printed).hasSize(2)
                .allSatisfy(survivor -> assertThat(survivor.viewChangeMs()).isNotNull());
        assertThat(summary.verdict()).as(printed).isEqualTo("PASS");
        assertThat(played.passed()).as(printed).isTrue();
        assertThat(printed).contains("in-jvm: every node in this JVM").contains("budget not enforced: in-jvm nodes");
    }

    private static final String KILL_WITHOUT_COPIES = """
            name: in-jvm-none-kill
            cluster: {nodes: 3, workers: 8}
            replication: {placement: none}
            workload: {app: counter, payload: 512B}
            load: {users: 12, thinkTime: 200ms, rampUp: 1s, duration: 7s, requestTimeout: 3s}
            faults:
              - type: kill
                at: 3s
                target: primary-of-most
                expect: {lost: owner-and-backups-dead, maxLost: 0}
            """;

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void withoutCopiesAKillLosesExactlyTheKilledNodesSessionsAndFailsTheRun(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.playInJvm(dir, "in-jvm-none-kill", KILL_WITHOUT_COPIES);
        RunSummary summary = played.summary();
        String printed = played.console();

        FaultReport kill = summary.faults().getFirst();
        int affected = kill.affectedUsers();
        NodeFigures killed = summary.nodes().stream().filter(node -> node.name().equals(kill.node()))
                .findFirst().orElseThrow();
        assertThat(affected).as(printed).isPositive().isLessThan(12);
        assertThat(killed.get(NodeFigure.SESSIONS_OWNED)).as(printed).isEqualTo(affected);
        assertThat(summary.sessions()).as(printed).isEqualTo(new RunSummary.Verdicts(12, 0, affected, 0, 0));
        CheckOutcome exact = kill.expectations().get(0);
        assertThat(exact.passed()).as(printed + exact).isTrue();
        // the check that nothing is lost fails, and with it the run
        CheckOutcome none = kill.expectations().get(1);
        assertThat(none.passed()).as(printed + none).isFalse();
        assertThat(none.actual()).isEqualTo(Integer.toString(affected));
        assertThat(played.passed()).as(printed).isFalse();
    }

    private static final String THREE_NODES = """
            name: in-jvm-restart
            cluster: {nodes: 3, workers: 4}
            load: {users: 1, thinkTime: 100ms, duration: 1s}
            """;

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aRestartedNodeJoinsAgainAndClosingLeavesNoNodeThreadAndNoPortBehind(@TempDir Path dir) throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(Files.writeString(dir.resolve("restart.yaml"), THREE_NODES));
        Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        List<Integer> ports;
        try (InJvmRuntime runtime = new InJvmRuntime(spec, dir.resolve("nodes"),
                new PrintStream(printed, true, StandardCharsets.UTF_8))) {
            runtime.start(Duration.ofSeconds(60));
            ports = runtime.ports();
            assertThat(ports).hasSize(12).allSatisfy(port -> assertThat(free(port)).as("port %d in use", port)
                    .isFalse());

            runtime.kill("node2");
            assertThat(runtime.liveNodes()).extracting(NodeHandle::name).containsExactly("node1", "node3");
            await().atMost(Duration.ofSeconds(20)).ignoreExceptionsInstanceOf(IOException.class)
                    .until(() -> runtime.admin("node1").health().members() == 2);

            runtime.restart("node2");
            await().atMost(Duration.ofSeconds(30)).ignoreExceptionsInstanceOf(IOException.class)
                    .until(() -> runtime.admin("node1").health().members() == 3
                            && runtime.admin("node2").health().members() == 3);
            assertThat(runtime.liveNodes()).hasSize(3);

            // a restart of a running node answers on its old URL: the runtime tells the new start from the old
            NodeReadBack readBack = new NodeReadBack(runtime);
            readBack.beforeRestart("node3");
            runtime.restart("node3");
            FaultEvidence restarted = readBack.confirm(new Disruption.Restarted("node3"));
            assertThat(restarted.confirmed()).as(restarted.seen()).isTrue();
        }

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(ports).as("ports still bound after close").allSatisfy(port -> assertThat(free(port))
                    .as("port %d", port).isTrue());
            assertThat(startedSince(before)).as("threads started by the runtime and still alive").isEmpty();
        });
    }

    private static final String PAUSE = """
            name: in-jvm-pause
            cluster: {nodes: 2, fullGcEvery: 10s}
            load: {users: 2, thinkTime: 100ms, duration: 4s}
            faults:
              - {type: pause, at: 1s, target: node1, for: 1s}
            checks: {maxSurvivorCpu: 0.5}
            """;

    @Test
    void whatNodesInOneJvmCannotDoIsRefusedBeforeAnythingStartsNamingWhereAndWhatToDo(@TempDir Path dir)
            throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(Files.writeString(dir.resolve("pause.yaml"), PAUSE));

        assertThat(InJvmRuntime.CAPABILITIES.refusals(spec)).extracting(SpecRefusal::path)
                .containsExactly("cluster.fullGcEvery", "faults[0].type", "checks.maxSurvivorCpu");
        assertThatThrownBy(() -> new InJvmRuntime(spec, dir.resolve("nodes"), System.out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("faults[0].type: a pause needs freezing a node and letting it run again"
                        + " (SIGSTOP, SIGCONT), and runtime in-jvm cannot: in-jvm nodes are threads of one JVM, no"
                        + " processes to SIGSTOP; remove it, or run it on node processes (cluster.runtime: process)");
        assertThat(dir.resolve("nodes")).doesNotExist();
    }

    /**
     * Whether nothing listens on the port: a server socket can bind it. With SO_REUSEADDR, as servers bind: the
     * connections the closed listener had accepted linger in TIME_WAIT for a minute, and they do not hold the port.
     */
    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Platform threads alive now that were not before (virtual threads do not show in this list), but for the
     * JDK's own scheduler of virtual threads, which starts the first time one runs and stays for the JVM's life
     * (its carriers, delay scheduler, unblocker and I/O pollers), and awaitility's thread.
     */
    private static Set<String> startedSince(Set<Thread> before) {
        return Thread.getAllStackTraces().keySet().stream().filter(thread -> !before.contains(thread))
                .filter(Thread::isAlive).filter(thread -> !jvmWide(thread)).map(Thread::getName)
                .collect(Collectors.toSet());
    }

    private static boolean jvmWide(Thread thread) {
        String name = thread.getName();
        ThreadGroup group = thread.getThreadGroup();
        return group != null && group.getName().equals("CarrierThreads")
                || Set.of("Read-Poller", "Write-Poller", "VirtualThread-unblocker", "awaitility-thread").contains(name)
                || name.startsWith("ForkJoinPool-") && name.endsWith("-delayScheduler");
    }
}
