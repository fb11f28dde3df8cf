package io.replsim.scenario.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.replsim.loadgen.LoadResult;
import java.util.List;

/** The driver's last scrape of a run against the run's summary.json: every figure the two share is equal. */
final class DriverFinalFigures {
    static final String REQUESTS = "replsim_driver_requests_total";
    static final String OVER = "replsim_driver_load_over";
    static final String LATENCY = "replsim_driver_response_duration_seconds";

    private DriverFinalFigures() {
    }

    /** {@code last}: a scrape with {@link #OVER} at 1; {@code load}: the run's result, for its latency count. */
    static void assertEqualToTheSummarys(MetricsScrape last, JsonNode summary, LoadResult load) {
        assertThat(last.gauge(OVER)).isEqualTo(1);
        assertThat(last.counter(REQUESTS)).isEqualTo(summary.at("/requests/total").asDouble()).isPositive();
        assertThat(List.of("connect", "io", "timeout", "http_status")).extracting(kind ->
                        last.counter("replsim_driver_request_errors_total", kind))
                .containsExactly(summary.at("/requests/connectErrors").asDouble(),
                        summary.at("/requests/ioErrors").asDouble(), summary.at("/requests/timeouts").asDouble(),
                        summary.at("/requests/httpErrors").asDouble());
        assertThat(last.counter("replsim_driver_balancer_retries_total"))
                .isEqualTo(summary.at("/requests/balancerRetries").asDouble());
        assertThat(List.of("ok", "stale", "lost", "corrupt", "expired")).extracting(verdict ->
                        last.counter("replsim_driver_responses_total", verdict))
                .containsExactly(summary.at("/responses/ok").asDouble(), summary.at("/responses/stale").asDouble(),
                        summary.at("/responses/lost").asDouble(), summary.at("/responses/corrupt").asDouble(),
                        summary.at("/responses/expired").asDouble());
        assertThat(List.of("ok", "stale", "lost", "corrupt", "failed", "expired", "never_served")).extracting(
                        verdict -> last.gauge("replsim_driver_sessions", verdict))
                .containsExactly(summary.at("/sessions/ok").asDouble(), summary.at("/sessions/stale").asDouble(),
                        summary.at("/sessions/lost").asDouble(), summary.at("/sessions/corrupt").asDouble(),
                        summary.at("/sessions/failed").asDouble(), summary.at("/sessions/expired").asDouble(),
                        summary.at("/sessions/neverServed").asDouble());
        assertThat(last.histogram(LATENCY).getSampleCount()).isEqualTo(load.latencyMicros().getTotalCount());
        assertThat(last.gauge("replsim_driver_users_active")).isZero();
    }
}
