package io.replsim.scenario.run;

import static io.replsim.scenario.SummaryJsonAssertions.measured;
import static io.replsim.scenario.SummaryJsonAssertions.measuredNumber;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two node JVMs on the infinispan engine and a kill: Infinispan has no data gravitation, so the run reports the
 * figure as not applicable (null, with the reason) instead of "0 gravitations", which would read as "measured,
 * none happened".
 */
class InfinispanFiguresProcessTest {
    private static final String SCENARIO = """
            name: infinispan-figures
            cluster: {nodes: 2, workers: 8, cpuBudget: 0.66, heap: 192m}
            replication: {engine: infinispan, placement: all, granularity: session, delivery: sync}
            workload: {payload: 1KB}
            load: {users: 10, thinkTime: 200ms, rampUp: 1s, duration: 12s}
            faults:
              - {type: kill, at: 6s, target: primary-of-most}
            """;

    @Test
    @Timeout(value = 3, unit = java.util.concurrent.TimeUnit.MINUTES)
    void gravitationsAreNotApplicableOnInfinispanNotZero(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("infinispan-figures.yaml"), SCENARIO);
        ScenarioSpec spec = ScenarioLoader.load(file);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        ScenarioRunner runner = new ScenarioRunner(dir.resolve("runs"), NodeLauncher.currentJvm(),
                new PrintStream(console, true, StandardCharsets.UTF_8), Duration.ofSeconds(2));

        RunOutcome outcome = runner.run(spec, file);
        String printed = console.toString(StandardCharsets.UTF_8);

        JsonNode json = new ObjectMapper().readTree(outcome.directory().resolve("summary.json").toFile());
        assertThat(json.at("/nodes")).as(printed).hasSize(2);
        for (JsonNode node : json.at("/nodes")) {
            assertThat(node.get("gravitations").isNull()).as("gravitations of " + node).isTrue();
            measuredNumber(node, "/remoteReads");
        }
        assertThat(json.at("/faults")).hasSize(1);
        assertThat(json.at("/faults/0/attributed/gravitations").isNull()).as(printed).isTrue();
        measuredNumber(json, "/faults/0/attributed/sessionsLost");
        assertThat(measured(json, "/cluster/gravitationsNotApplicable").asText()).contains("no data gravitation");
        assertThat(printed).doesNotContainPattern("\\d gravitations")
                .contains("gravitations not applicable", "gravitations: not applicable (the infinispan engine");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
                .as("node processes left running").isEmpty();
    }
}
