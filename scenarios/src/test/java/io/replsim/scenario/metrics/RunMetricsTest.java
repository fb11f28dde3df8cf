package io.replsim.scenario.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.runtime.MetricsEndpoint;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a run's metrics are: each node's endpoint on the console and in a Prometheus file_sd file in the run
 * directory while the run plays, the file emptied once it is over; a run without metrics writes nothing.
 */
class RunMetricsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path runs;

    @Test
    void eachNodesEndpointIsNamedOnTheConsoleAndInTheTargetsFileUntilTheRunEnds() throws Exception {
        Path run = Files.createDirectory(runs.resolve("quickstart-20261129-081500"));
        var console = new ByteArrayOutputStream();
        List<MetricsEndpoint> nodes = List.of(MetricsEndpoint.of("node1", "127.0.0.1", 24500),
                MetricsEndpoint.of("node2", "127.0.0.1", 24501));

        try (RunMetrics metrics = RunMetrics.start(nodes, OptionalInt.empty(), run, new PrintStream(console, true,
                StandardCharsets.UTF_8))) {
            JsonNode groups = JSON.readTree(run.resolve("prometheus-targets.json").toFile());

            assertThat(groups).hasSize(2);
            assertThat(groups.get(1).at("/targets/0").asText()).isEqualTo("127.0.0.1:24501");
            assertThat(groups.get(1).at("/labels/replsim_run").asText()).isEqualTo("quickstart-20261129-081500");
            assertThat(groups.get(1).at("/labels/replsim_role").asText()).isEqualTo("node");
        }

        assertThat(console.toString(StandardCharsets.UTF_8)).contains(
                "metrics   node1   http://127.0.0.1:24500/metrics",
                "metrics   node2   http://127.0.0.1:24501/metrics",
                "Prometheus targets (file_sd_configs) in " + run.resolve("prometheus-targets.json"));
        assertThat(JSON.readTree(run.resolve("prometheus-targets.json").toFile())).isEmpty();
        assertThat(run.resolve("prometheus-targets.json.partial")).doesNotExist();
    }

    @Test
    void aRunWithoutMetricsSaysAndWritesNothing() throws Exception {
        var console = new ByteArrayOutputStream();

        try (RunMetrics metrics = RunMetrics.start(List.of(), OptionalInt.empty(), runs, new PrintStream(console, true,
                StandardCharsets.UTF_8))) {
            assertThat(runs.resolve("prometheus-targets.json")).doesNotExist();
        }

        assertThat(console.size()).isZero();
        assertThat(runs.resolve("prometheus-targets.json")).doesNotExist();
    }
}
