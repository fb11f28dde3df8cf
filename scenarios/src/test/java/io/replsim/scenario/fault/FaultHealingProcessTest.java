package io.replsim.scenario.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.ProcessRuntime;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.RestartSpec;
import io.replsim.scenario.spec.Schedule;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three real node JVMs: a pause (SIGSTOP), a partition (DISCARD) and a delay (DELAY) are switched on, then the run
 * is cut short by an exception with the thread interrupted; closing the timeline must resume the node and take
 * every rule out. Then a kill and a restart, and nothing left running at the end.
 */
@ExtendWith(NoNodeProcessLeft.class)
class FaultHealingProcessTest {
    private static final String CLUSTER = """
            name: healing
            cluster: {nodes: 3, workers: 4, cpuBudget: 0.5, heap: 96m}
            load: {users: 1, thinkTime: 1s, duration: 60s}
            faults:
              - {type: pause, at: 0s, target: node2}
              - {type: partition, at: 0s, sides: [[node1], [node3]]}
              - {type: delay, at: 0s, target: node3, delay: 200ms}
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void anAbortedRunHealsEveryFaultAndKillAndRestartWork(@TempDir Path dir) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(CLUSTER, "healing.yaml");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try (ProcessRuntime runtime = new ProcessRuntime(spec.cluster(), spec.replication(), spec.workload(),
                dir.resolve("nodes"), NodeLauncher.currentJvm(), new PrintStream(console, true, StandardCharsets.UTF_8))) {
            runtime.start(Duration.ofSeconds(60));
            RuntimeNemesis nemesis = new RuntimeNemesis(runtime);
            List<FaultEvent> events = new CopyOnWriteArrayList<>();
            List<String> problems = new CopyOnWriteArrayList<>();

            assertThatThrownBy(() -> {
                try (FaultTimeline timeline = new FaultTimeline(spec.faults(), nemesis, TimelineClock.SYSTEM,
                        events::add, problems::add)) {
                    timeline.start(System.nanoTime());
                    await().atMost(Duration.ofSeconds(20)).until(() -> events.size() == 3);
                    assertThat(processState("node2")).as("SIGSTOP leaves the process stopped").isEqualTo('T');
                    assertThat(runtime.admin("node1").faults().discardingFrom()).containsExactly("node3");
                    assertThat(runtime.admin("node3").faults().discardingFrom()).containsExactly("node1");
                    assertThat(runtime.admin("node3").faults().delayMs()).isEqualTo(200);
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("the run breaks here");
                }
            }).hasMessage("the run breaks here");

            assertThat(Thread.interrupted()).as("the interrupt survives the healing").isTrue();
            assertThat(problems).as(console.toString(StandardCharsets.UTF_8)).isEmpty();
            assertThat(events).filteredOn(event -> event.phase() == FaultEvent.Phase.HEAL).hasSize(3);
            assertThat(processState("node2")).as("resumed").isNotEqualTo('T');
            assertThat(runtime.paused()).isEmpty();
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                    assertThat(runtime.admin("node2").health().status()).isEqualTo("UP"));
            for (String node : List.of("node1", "node3")) {
                assertThat(runtime.admin(node).faults().discardingFrom()).as(node).isEmpty();
                assertThat(runtime.admin(node).faults().delayMs()).as(node).isZero();
            }
            // Healed for real: the pause and the partition end in one view of all three again.
            await().atMost(Duration.ofSeconds(30)).until(() -> runtime.admin("node1").health().members() == 3
                    && runtime.admin("node3").health().members() == 3);

            Disruption killed = nemesis.inject(new KillSpec(Duration.ZERO, new NodeSelector.Named("node3")));
            assertThat(killed).isEqualTo(new Disruption.Killed("node3"));
            await().atMost(Duration.ofSeconds(15)).until(() -> runtime.admin("node1").health().members() == 2);
            // The dead node's buddy: the member after it in the last view node1 saw it in, whatever order merges left.
            List<String> lastWithNode3 = runtime.admin("node1").stats().viewHistory().reversed().stream()
                    .filter(view -> view.members().contains("node3")).findFirst().orElseThrow().members();
            String expectedBuddy = lastWithNode3.get((lastWithNode3.indexOf("node3") + 1) % lastWithNode3.size());
            assertThat(new TargetResolver(runtime).resolve(new NodeSelector.BuddyOf("node3")))
                    .isEqualTo(expectedBuddy).isIn("node1", "node2");

            FaultSpec restart = new RestartSpec(new Schedule.At(Duration.ZERO), new NodeSelector.Named("node3"));
            assertThat(nemesis.inject(restart)).isEqualTo(new Disruption.Restarted("node3"));
            await().atMost(Duration.ofSeconds(60)).ignoreExceptions().until(() ->
                    runtime.admin("node3").health().members() == 3 && runtime.admin("node1").health().members() == 3);
            assertThat(dir.resolve("nodes").resolve("node3-restart1.log")).isNotEmptyFile();
            assertThat(Files.readString(dir.resolve("nodes").resolve("node3.log"))).as("the first life's log is kept")
                    .contains("REPLSIM-NODE-READY name=node3");
        }
    }

    private static String commandLine(ProcessHandle process) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), "cmdline")),
                    java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException gone) {
            return "";
        }
    }

    /** The state letter of the node's process in /proc: T when stopped by a signal. */
    private static char processState(String node) throws IOException {
        // /proc/<pid>/cmdline itself: ProcessHandle.Info gives no arguments for a command line as long as a node's.
        ProcessHandle process = ProcessHandle.current().children()
                .filter(ProcessHandle::isAlive)
                .filter(child -> commandLine(child).contains("\0--name\0" + node + "\0"))
                .findFirst().orElseThrow(() -> new AssertionError("no process for " + node));
        String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).charAt(0);
    }
}
