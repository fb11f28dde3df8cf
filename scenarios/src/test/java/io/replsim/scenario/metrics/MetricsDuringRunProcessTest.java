package io.replsim.scenario.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.run.RunOutcome;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.runtime.NodeImage;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeFactory;
import java.io.IOException;
import java.net.URI;
import java.net.ConnectException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cluster.metrics: true} on real node processes, node1 killed halfway: found through the run's
 * prometheus-targets.json, the driver's and the survivor's endpoints are scraped while the load runs (their counters
 * move) and once it is over, each scrape parsed with the Prometheus client's parser; the last ones hold the run's
 * own summary.json figures (the driver's requests, errors by kind and verdicts; the survivor's requests and
 * sessions), and when the run is over the driver's endpoint is gone and the file lists no target.
 */
@ExtendWith(NoNodeProcessLeft.class)
class MetricsDuringRunProcessTest {

    private static final String SCRAPED = """
            name: scraped
            cluster: {nodes: 2, workers: 8, cpuBudget: 0.5, heap: 128m, metrics: true}
            replication: {placement: all}
            workload: {app: counter, payload: 1KB}
            load: {users: 8, thinkTime: 100ms, rampUp: 1s, duration: 10s, requestTimeout: 5s}
            faults:
              - {type: kill, at: 5s, target: node1}
            """;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String REQUESTS = DriverFinalFigures.REQUESTS;
    private static final String OVER = DriverFinalFigures.OVER;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void scrapesDuringTheRunMoveAndTheLastOnesHoldTheSummarysFigures(@TempDir Path dir) throws Exception {
        BackgroundRun run = BackgroundRun.play(dir, SCRAPED, (runs, out) -> new ScenarioRunner(runs,
                RuntimeFactory.standard(NodeLauncher.currentJvm(), NodeImage::ofThisInstallation, out), out,
                Duration.ofSeconds(2)), Duration.ofSeconds(90));
        RunTargets targets = run.targets();
        assertThat(targets.nodes()).hasSize(2);
        URI survivor = targets.nodes().get(1);

        MetricsScrape during = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .ignoreExceptions().until(() -> MetricsScrape.of(targets.driver()),
                        scrape -> scrape.counter(REQUESTS) >= 10 && scrape.gauge(OVER) == 0);
        MetricsScrape survivorDuring = MetricsScrape.of(survivor);
        MetricsScrape later = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> MetricsScrape.of(targets.driver()),
                        scrape -> scrape.counter(REQUESTS) >= during.counter(REQUESTS) + 20);
        MetricsScrape survivorLater = MetricsScrape.of(survivor);
        // Polled often: the driver's endpoint stays up after the load only until the run's report is written.
        MetricsScrape last = await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(5))
                .ignoreException(ConnectException.class)
                .until(() -> MetricsScrape.of(targets.driver()), scrape -> scrape.gauge(OVER) == 1);
        MetricsScrape survivorLast = MetricsScrape.of(survivor);
        RunOutcome outcome = run.outcome().get(2, TimeUnit.MINUTES);
        JsonNode summary = JSON.readTree(outcome.directory().resolve("summary.json").toFile());

        assertThat(later.gauge(OVER)).as("still running").isZero();
        assertThat(later.histogram("replsim_driver_response_duration_seconds").getSampleCount())
                .isGreaterThan(during.histogram("replsim_driver_response_duration_seconds").getSampleCount());
        assertThat(later.counter("replsim_driver_responses_total", "ok"))
                .isGreaterThan(during.counter("replsim_driver_responses_total", "ok"));
        assertThat(during.gauge("replsim_driver_users_active")).isPositive();
        assertThat(survivorLater.counter("replsim_node_requests_total", "node2"))
                .isGreaterThan(survivorDuring.counter("replsim_node_requests_total", "node2"));

        DriverFinalFigures.assertEqualToTheSummarys(last, summary, outcome.load());
        JsonNode node2 = summary.at("/nodes/1");
        assertThat(node2.at("/name").asText()).isEqualTo("node2");
        assertThat(survivorLast.counter("replsim_node_requests_total", "node2"))
                .isEqualTo(node2.at("/requests").asDouble());
        assertThat(survivorLast.gauge("replsim_node_sessions_owned", "node2"))
                .isEqualTo(node2.at("/sessionsOwned").asDouble());

        assertThat(JSON.readTree(targets.file().toFile())).as("no target once the run is over").isEmpty();
        assertThatThrownBy(() -> MetricsScrape.of(targets.driver())).isInstanceOf(IOException.class);
        assertThat(run.console()).contains("metrics   driver  " + targets.driver(),
                "metrics   node2   " + survivor);
    }
}
