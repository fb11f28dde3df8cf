package io.replsim.scenario.run;

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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run says what its nodes were asked to do beyond the defaults: a per-request service time and a JGroups stack
 * other than replsim's own, on the console under the cluster line and in summary.json, so two reports can be told
 * apart by what was run, not only by their figures.
 */
class ClusterLineProcessTest {
    private static final String SCENARIO = """
            name: worked
            cluster: {nodes: 1, workers: 4, heap: 96m}
            replication: {trigger: set-and-get}
            workload: {app: counter, serviceTime: {cpu: 1ms, wait: 2ms}}
            jgroups: {preset: wildfly}
            load: {users: 2, thinkTime: 100ms, duration: 3s}
            """;

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void theServiceTimeTheTriggerAndTheStackAreNamed(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("worked.yaml"), SCENARIO);
        ScenarioSpec spec = ScenarioLoader.load(file);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);

        RunOutcome outcome = new ScenarioRunner(dir.resolve("runs"), NodeLauncher.currentJvm(), out,
                Duration.ofSeconds(2)).run(spec, file);
        String printed = console.toString(StandardCharsets.UTF_8);

        assertThat(printed).as(printed).contains("\n          service time cpu 1ms, wait 2ms; jgroups wildfly\n");
        JsonNode cluster = new ObjectMapper().readTree(outcome.directory().resolve("summary.json").toFile())
                .get("cluster");
        assertThat(cluster.get("serviceTime").asText()).isEqualTo("cpu 1ms, wait 2ms");
        assertThat(cluster.get("jgroups").asText()).isEqualTo("wildfly");
        assertThat(cluster.get("trigger").asText()).isEqualTo("set-and-get");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
                .as("node processes left running").isEmpty();
    }
}
