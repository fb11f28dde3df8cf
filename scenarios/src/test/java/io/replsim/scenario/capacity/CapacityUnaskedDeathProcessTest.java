package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.runtime.NodeImage;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node process that dies during a search's step while nothing of the search ended it (here a SIGKILL from the
 * test, behind the runner's back) stops the search, named with its exit status: every later step would measure a
 * smaller cluster. Real node processes: the claim is about a process the runtime did not end.
 */
@ExtendWith(NoNodeProcessLeft.class)
class CapacityUnaskedDeathProcessTest {
    private static final String SCENARIO = """
            name: capacity-unasked-death
            cluster: {nodes: 2, workers: 8, cpuBudget: 0.5, heap: 128m}
            replication: {placement: all, granularity: session, delivery: sync}
            load: {users: 4, thinkTime: 1s, rampUp: 1s, warmUp: 1s, duration: 6s}
            capacity:
              warmUp: {minRounds: 0, maxRounds: 0}
            """;

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aNodeKilledBehindTheSearchsBackStopsItAndIsNamed(@TempDir Path dir) throws Exception {
        AtomicLong killedPid = new AtomicLong();
        Thread killer = Thread.ofVirtual().start(() -> {
            // once the first step's load runs: a SIGKILL the search neither sent nor hears of
            await().atMost(Duration.ofSeconds(60)).until(() -> firstStepStarted(dir.resolve("runs")));
            ProcessHandle node2 = ProcessHandle.current().descendants()
                    .filter(p -> commandLine(p).contains(" --name node2 ")).findFirst().orElseThrow();
            killedPid.set(node2.pid());
            node2.destroyForcibly();
        });

        assertThatThrownBy(() -> SearchedScenario.search(dir, "capacity-unasked-death", SCENARIO,
                out -> RuntimeFactory.standard(NodeLauncher.currentJvm(), NodeImage::ofThisInstallation, out),
                new CapacityCriteria(CapacityCriteria.DEFAULT.statistic(), Duration.ofSeconds(2), 0.95, 0.01),
                new SearchPlan(4, 2, 0.05, 5, 8), false))
                .isInstanceOf(NodeEndedUnaskedException.class)
                .hasMessageContaining("node2 (pid " + killedPid.get() + ") exited with 137 (SIGKILL) during the step"
                        + " at 4 users: a node ended that no fault ended, so the search stops");
        killer.join(Duration.ofSeconds(5));
        assertThat(killedPid.get()).isPositive();
    }

    /** The whole command line from /proc: ProcessHandle's is cut short before a node's arguments (its class path). */
    private static String commandLine(ProcessHandle process) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), "cmdline")),
                    java.nio.charset.StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException e) {
            return ""; // ended meanwhile
        }
    }

    private static boolean firstStepStarted(Path runs) throws IOException {
        if (!Files.isDirectory(runs)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(runs)) {
            Optional<Path> log = files.filter(f -> f.getFileName().toString().startsWith("step-all-1-")).findFirst();
            return log.isPresent();
        }
    }
}
