package io.replsim.scenario.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.run.RunOutcome;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.runtime.InJvmRuntime;
import java.net.ConnectException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An open-model run ({@code load.model: open}) with the driver's metrics asked for ({@code run --metrics-port 0}),
 * its nodes in this JVM (the claim is the driver's): scraped while the arrivals play, its counters move after the
 * warm-up and a scrape finds sessions with a request in flight; the last scrape, once the load is over, holds the
 * run's summary.json figures.
 */
class OpenModelMetricsTest {

    private static final String OPEN = """
            name: open-scraped
            cluster: {nodes: 2, workers: 8}
            replication: {placement: all}
            workload: {app: counter, payload: 1KB}
            load: {model: open, rate: 100, sessions: 20, warmUp: 2s, duration: 10s, requestTimeout: 5s}
            """;
    private static final String REQUESTS = DriverFinalFigures.REQUESTS;
    private static final String OVER = DriverFinalFigures.OVER;
    private static final String IN_FLIGHT = "replsim_driver_users_active";

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void scrapesDuringAnOpenRunMoveAndTheLastOneHoldsTheSummarysFigures(@TempDir Path dir) throws Exception {
        BackgroundRun run = BackgroundRun.play(dir, OPEN, (runs, out) -> new ScenarioRunner(runs,
                (spec, nodeDirectory) -> new InJvmRuntime(spec, nodeDirectory, out), out, Duration.ofSeconds(2))
                .withDriverMetricsPort(0), Duration.ofSeconds(60));
        RunTargets targets = run.targets();
        MetricsScrape during = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .ignoreExceptions().until(() -> MetricsScrape.of(targets.driver()),
                        scrape -> scrape.counter(REQUESTS) >= 10 && scrape.gauge(OVER) == 0);
        MetricsScrape later = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> MetricsScrape.of(targets.driver()),
                        scrape -> scrape.counter(REQUESTS) >= during.counter(REQUESTS) + 100);
        // 100 arrivals a second: a scrape now and then lands while one is being answered.
        MetricsScrape inFlight = await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                .until(() -> MetricsScrape.of(targets.driver()),
                        scrape -> scrape.gauge(IN_FLIGHT) > 0 || scrape.gauge(OVER) == 1);
        // Polled every 5 ms: the driver's endpoint stays up after the load only until the run's report is written,
        // on an idle machine a few tens of milliseconds (a 50 ms poll missed it once in a fresh clone's suite).
        MetricsScrape last = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(5))
                .ignoreException(ConnectException.class)
                .until(() -> MetricsScrape.of(targets.driver()), scrape -> scrape.gauge(OVER) == 1);
        RunOutcome outcome = run.outcome().get(1, TimeUnit.MINUTES);
        JsonNode summary = new ObjectMapper().readTree(outcome.directory().resolve("summary.json").toFile());

        assertThat(later.gauge(OVER)).as("still running").isZero();
        assertThat(later.histogram(DriverFinalFigures.LATENCY).getSampleCount())
                .isGreaterThan(during.histogram(DriverFinalFigures.LATENCY).getSampleCount());
        assertThat(later.counter("replsim_driver_responses_total", "ok"))
                .isGreaterThan(during.counter("replsim_driver_responses_total", "ok"));
        assertThat(later.gauge("replsim_driver_sessions", "ok")).as("sessions judged so far").isPositive();
        assertThat(inFlight.gauge(OVER)).as("a scrape with a request in flight before the end").isZero();
        assertThat(inFlight.gauge(IN_FLIGHT)).isBetween(1.0, 20.0);
        DriverFinalFigures.assertEqualToTheSummarys(last, summary, outcome.load());
    }
}
