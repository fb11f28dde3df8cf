package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.runtime.NodeImage;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replsim capacity} on an open-model scenario, with a real node process: the search steps the arrival rate
 * from {@code load.rate}, reads the node's CPU in every step, reports in arrivals a second, and every step's sessions
 * log out after it, so the node holds none of them at the end. The capacity search's test on a node process: the CPU
 * each step reads is that process's own (an in-JVM node's is the whole test JVM's).
 */
class CapacityOpenModelProcessTest {
    private static final String SCENARIO = """
            name: capacity-open
            cluster:
              nodes: 1
              workers: 8
              cpuBudget: 1.0
              heap: 128m
            workload:
              payload: 1KB
            load:
              model: open
              rate: 20
              sessions: 20
              warmUp: 1s
              duration: 4s
            capacity:
              warmUp: {minRounds: 0, maxRounds: 0}   # about the search's unit and its report, not warm figures
            """;

    /** Generous on latency and CPU: this test is about what the search steps and reports, not this machine. */
    private static final CapacityCriteria LENIENT = new CapacityCriteria(CapacityCriteria.DEFAULT.statistic(),
            Duration.ofSeconds(2), 0.95, 0.01);

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void theSearchStepsTheArrivalRateAndSaysSo(@TempDir Path dir) throws Exception {
        // 20/s, then the cap of 40/s, then the confirming repeat at 40/s
        SearchedScenario searched = SearchedScenario.search(dir, "capacity-open", SCENARIO,
                out -> RuntimeFactory.standard(NodeLauncher.currentJvm(), NodeImage::ofThisInstallation, out), LENIENT,
                new SearchPlan(20, 2, 0.05, 3, 40), false);
        CapacitySummary summary = searched.summary();
        String printed = searched.console();

        assertThat(summary.loadUnit()).isEqualTo("arrivals/s");
        assertThat(summary.search().steps()).as(printed).extracting(CapacitySummary.StepRow::users)
                .containsExactly(20, 40, 40);
        assertThat(summary.search().steps()).as(printed).allSatisfy(step -> {
            assertThat(step.nodeCpu()).extracting(NodeCpu::node).containsExactly("node1");
            assertThat(step.throughputPerSec()).as("an open step's throughput is its rate")
                    .isBetween(step.users() * 0.8, step.users() * 1.2);
        });
        assertThat(summary.search().usersSustained()).as(printed).isEqualTo(40);
        assertThat(printed).contains("each step: open model, constant arrivals at the step's rate over 20 sessions")
                .contains("   20 arrivals/s  PASS").contains("== capacity: 40 arrivals/s sustained on 1 nodes");

        Path run = Path.of(summary.runDirectory());
        List<String> csv = Files.readAllLines(run.resolve("capacity.csv"));
        assertThat(csv.getFirst()).startsWith("search,step,phase,arrivals_per_s,verdict");
        assertThat(run.resolve("step-all-1-20per-s.hlog")).exists();
        JsonNode written = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertThat(written.get("loadUnit").asText()).isEqualTo("arrivals/s");
        JsonNode stats = new ObjectMapper().readTree(run.resolve("nodes/node1-stats.json").toFile());
        assertThat(stats.at("/sessions/owned").asLong()).as("sessions left on the node after the search").isZero();
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
                .as("node processes left running").isEmpty();
    }
}
