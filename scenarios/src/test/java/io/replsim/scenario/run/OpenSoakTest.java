package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.InvalidRuns;
import io.replsim.scenario.runtime.InJvmRuntime;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A soak of an open-model drill: each of its plays is the same run as a closed drill's, so each kill's failover
 * is measured over the sessions its node served, on two fresh clusters. The claim is the soak loop's, so the
 * clusters run in this JVM ({@link InJvmRuntime}); a kill is then a crash of the node's stack, which the survivors
 * find out about through failure detection as they do a SIGKILL (QuickstartProcessTest kills a node process).
 */
@ExtendWith(NoNodeProcessLeft.class)
class OpenSoakTest {

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void eachPlayOfAnOpenDrillMeasuresItsKillsFailover(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("open-soak.yaml"), """
                name: open-soak
                cluster: {nodes: 2, workers: 8, cpuBudget: 0.66, heap: 128m}
                replication: {placement: all, granularity: session, delivery: sync}
                load: {model: open, rate: 80, sessions: 16, warmUp: 2s, duration: 8s}
                faults:
                  - {type: kill, at: 4s, target: primary-of-most}
                checks:
                  maxSessionsLost: 0
                """);
        ScenarioSpec spec = ScenarioLoader.load(file);
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        SoakRunner.SoakSummary soak = new SoakRunner(dir.resolve("runs"),
                out -> (scenario, nodes) -> new InJvmRuntime(scenario, nodes, out),
                new PrintStream(console, true, StandardCharsets.UTF_8), InvalidRuns.REFUSED).run(spec, file, 2);
        String printed = console.toString(StandardCharsets.UTF_8);

        assertThat(soak.broken()).as(printed).isZero();
        assertThat(soak.drills()).as(printed).hasSize(2).allSatisfy(drill -> {
            assertThat(drill.sessionsLost()).isZero();
            assertThat(drill.failoverMs()).as("the kill's failover, measured").singleElement().isNotNull();
            assertThat(Path.of(drill.directory()).resolve("report.html")).exists();
        });
        assertThat(soak.failoverMs().count()).isEqualTo(2);
    }
}
