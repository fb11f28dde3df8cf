package io.replsim.scenario.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.prometheus.metrics.expositionformats.generated.Metrics;
import io.replsim.loadgen.Load;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.LoadSoFar;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.record.LoadProgress;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the driver's endpoint serves: each of the load's running totals under its own series and label, parsed back
 * with the Prometheus client's parser, and no family before a load is watched.
 */
class DriverMetricsTest {

    @TempDir
    Path runs;

    /** A load that is only its running totals. */
    private static final class Totals implements Load {
        volatile LoadSoFar soFar;

        @Override
        public Optional<LoadSoFar> soFar() {
            return Optional.ofNullable(soFar);
        }

        @Override
        public void start() {
        }

        @Override
        public LoadProgress progress() {
            throw new UnsupportedOperationException("not read by the metrics");
        }

        @Override
        public Optional<String> nodeServing(int user) {
            return Optional.empty();
        }

        @Override
        public LoadResult awaitResult() {
            throw new UnsupportedOperationException("not read by the metrics");
        }

        @Override
        public void close() {
        }
    }

    @Test
    void eachFigureOfTheLoadIsServedUnderItsOwnSeries() throws Exception {
        Path run = Files.createDirectory(runs.resolve("run-1"));
        var console = new ByteArrayOutputStream();
        Histogram latency = new Histogram(3);
        latency.recordValueWithCount(3_000, 10);
        latency.recordValueWithCount(900_000, 2);
        latency.recordValue(12_000_000);
        Totals load = new Totals();

        try (RunMetrics metrics = RunMetrics.start(List.of(), OptionalInt.of(0), run,
                new PrintStream(console, true, StandardCharsets.UTF_8))) {
            URI endpoint = URI.create("http://127.0.0.1:" + metrics.driverPort().orElseThrow() + "/metrics");
            assertThat(MetricsScrape.of(endpoint).families()).as("no load watched yet").isEmpty();
            metrics.watch(load);
            assertThat(MetricsScrape.of(endpoint).families()).as("a load not started yet").isEmpty();
            load.soFar = new LoadSoFar(false, 7, 120, new ErrorCounts(1, 2, 6, 4, 5), latency,
                    new ResponseVerdictCounts(100, 5, 3, 2, 1), new SessionVerdictCounts(50, 4, 3, 2, 1, 9, 6));

            MetricsScrape scrape = MetricsScrape.of(endpoint);

            assertThat(scrape.gauge("replsim_driver_users_active")).isEqualTo(7);
            assertThat(scrape.counter("replsim_driver_requests_total")).isEqualTo(120);
            assertThat(List.of("connect", "io", "timeout", "http_status")).extracting(kind ->
                    scrape.counter("replsim_driver_request_errors_total", kind)).containsExactly(1.0, 2.0, 6.0, 4.0);
            assertThat(scrape.counter("replsim_driver_balancer_retries_total")).isEqualTo(5);
            assertThat(List.of("ok", "stale", "lost", "corrupt", "expired")).extracting(verdict ->
                    scrape.counter("replsim_driver_responses_total", verdict))
                    .containsExactly(100.0, 5.0, 3.0, 2.0, 1.0);
            assertThat(List.of("ok", "stale", "lost", "corrupt", "failed", "expired", "never_served"))
                    .extracting(verdict -> scrape.gauge("replsim_driver_sessions", verdict))
                    .containsExactly(50.0, 4.0, 3.0, 2.0, 1.0, 9.0, 6.0);
            assertThat(scrape.gauge("replsim_driver_load_over")).isZero();
            Metrics.Histogram histogram = scrape.histogram("replsim_driver_response_duration_seconds");
            assertThat(histogram.getSampleCount()).isEqualTo(13);
            assertThat(histogram.getSampleSum()).isCloseTo(10 * 0.003 + 2 * 0.9 + 12,
                    org.assertj.core.api.Assertions.within(0.02));
            assertThat(cumulative(histogram, 0.0025)).isZero();
            assertThat(cumulative(histogram, 0.005)).isEqualTo(10);
            assertThat(cumulative(histogram, 0.5)).isEqualTo(10);
            assertThat(cumulative(histogram, 1.0)).isEqualTo(12);
            assertThat(cumulative(histogram, 10.0)).isEqualTo(12);

            JsonNode targets = new ObjectMapper().readTree(run.resolve("prometheus-targets.json").toFile());
            assertThat(targets).hasSize(1);
            assertThat(targets.get(0).at("/targets/0").asText()).isEqualTo("127.0.0.1:" + endpoint.getPort());
            assertThat(targets.get(0).at("/labels/replsim_role").asText()).isEqualTo("driver");
        }

        assertThat(console.toString(StandardCharsets.UTF_8)).contains("metrics   driver  http://127.0.0.1:");
    }

    @Test
    void theBucketsAreTheNodesOwn() {
        assertThat(DriverMetrics.UPPER_BOUNDS_SECONDS).containsExactly(50e-6, 100e-6, 250e-6, 500e-6, 1e-3, 2.5e-3,
                5e-3, 10e-3, 25e-3, 50e-3, 100e-3, 250e-3, 500e-3, 1.0, 2.5, 5.0, 10.0);
    }

    private static long cumulative(Metrics.Histogram histogram, double upperBound) {
        return histogram.getBucketList().stream().filter(bucket -> bucket.getUpperBound() == upperBound)
                .findFirst().orElseThrow(() -> new AssertionError("no bucket le=" + upperBound))
                .getCumulativeCount();
    }
}
