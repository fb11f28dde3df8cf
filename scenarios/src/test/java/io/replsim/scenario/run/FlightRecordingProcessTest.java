package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.flight.FlightRecordings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cluster.jfr: true} on real node processes, one of them killed: the survivor and the driver leave readable
 * recordings in the run directory, summarized with CPU samples and hottest methods; the killed node's JVM wrote
 * none and is listed so, not left out.
 */
@ExtendWith(NoNodeProcessLeft.class)
class FlightRecordingProcessTest {

    private static final String RECORDED = """
            name: recorded
            cluster: {nodes: 2, workers: 8, cpuBudget: 0.5, heap: 128m, jfr: true}
            replication: {placement: all}
            workload: {app: counter, payload: 1KB}
            load: {users: 8, thinkTime: 200ms, rampUp: 1s, duration: 8s, requestTimeout: 5s}
            faults:
              - {type: kill, at: 4s, target: node1}
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void theSurvivorAndTheDriverLeaveSummarizedRecordingsAndTheKilledNodeIsListedWithout(@TempDir Path dir)
            throws Exception {
        PlayedScenario played = PlayedScenario.play(dir, "recorded", RECORDED);
        Path run = played.directory();

        List<Path> nodeFiles;
        try (Stream<Path> files = Files.list(run.resolve("nodes"))) {
            nodeFiles = files.filter(file -> file.getFileName().toString().endsWith(".jfr")).sorted().toList();
        }
        assertThat(nodeFiles).as(played.console()).extracting(file -> file.getFileName().toString())
                .satisfiesExactly(node1 -> assertThat(node1).matches("node1-\\d+\\.jfr"),
                        node2 -> assertThat(node2).matches("node2-\\d+\\.jfr"));
        assertThat(nodeFiles.get(0)).as("the killed node's recording, created as it started").isEmptyFile();
        assertThat(nodeFiles.get(1)).as("the survivor's, written as it left").isNotEmptyFile();
        assertThat(run.resolve("driver.jfr")).isNotEmptyFile();

        JsonNode summary = new ObjectMapper().readTree(run.resolve(FlightRecordings.FILE).toFile());
        assertThat(summary.at("/read").findValuesAsText("jvm")).containsExactly("node2", "driver");
        for (JsonNode recording : summary.at("/read")) {
            assertThat(recording.at("/cpuSamples").asLong()).as(recording.toString()).isPositive();
            assertThat(recording.at("/hottest")).as(recording.toString()).isNotEmpty();
        }
        assertThat(summary.at("/missing/0/jvm").asText()).isEqualTo("node1");
        assertThat(summary.at("/missing/0/why").asText()).contains("SIGKILL");
        assertThat(played.console()).containsPattern("jfr {7}node2 {3}nodes/node2-\\d+\\.jfr: [\\d,]+ CPU samples;"
                + " hottest ").contains("jfr       driver  driver.jfr: ").containsPattern("jfr {7}node1 {3}nodes/node1-\\d+\\.jfr is empty");
    }
}
