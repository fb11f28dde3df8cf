package io.replsim.node.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.prometheus.metrics.expositionformats.generated.Metrics;
import io.replsim.node.ClusterNode;
import io.replsim.node.admin.AdminToken;
import io.replsim.node.app.SessionProfile;
import io.replsim.node.options.NodeOptions;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.LoopbackStackSpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * Two nodes in this JVM, each serving its metrics: requests to one of them move its request and replication
 * metrics and the other's replicas by as much as they did, and a scrape between two reads of {@code /admin/stats}
 * on an idle node gives the same figures as both.
 */
class NodeMetricsEndpointTest {
    private static final String TOKEN = "test-token-" + UUID.randomUUID();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final int SESSIONS = 5;
    private static final int REQUESTS_EACH = 4;
    private static final List<ClusterNode> nodes = new ArrayList<>();

    @BeforeAll
    static void startCluster() throws Exception {
        String cluster = "metrics-test-" + UUID.randomUUID();
        for (int i = 1; i <= 2; i++) {
            var options = NodeOptions.onLoopback(new NodeId("node" + i), cluster,
                    1024, SessionProfile.DEFAULT, ReplicationSpec.fullSync())
                    .withMetricsPort(0);
            nodes.add(ClusterNode.start(options, new AdminToken(TOKEN), new LoopbackStackSpec(), () -> { }));
        }
        await().atMost(Duration.ofSeconds(10))
                .until(() -> nodes.stream().allMatch(node -> node.replication().view().members().size() == 2));
    }

    @AfterAll
    static void stopCluster() {
        nodes.reversed().forEach(ClusterNode::close);
    }

    @Test
    void requestsMoveTheRequestAndReplicationMetricsByAsMuchAsTheyDid() throws Exception {
        Scrape before = Scrape.of(metricsPort(1));
        Scrape backupBefore = Scrape.of(metricsPort(2));

        for (int session = 0; session < SESSIONS; session++) {
            String cookie = null;
            for (int request = 0; request < REQUESTS_EACH; request++) {
                HttpResponse<String> answer = counter(cookie);
                assertThat(answer.statusCode()).isEqualTo(200);
                cookie = cookie != null ? cookie : answer.headers().firstValue("Set-Cookie").orElseThrow()
                        .split(";")[0];
            }
        }
        int served = SESSIONS * REQUESTS_EACH;
        // a request's latency is recorded once its response is sent, so the client can read the last answer a
        // moment before the node has counted it: wait for the count to arrive, then hold it to exactly served
        double countBefore = before.histogram("replsim_node_request_duration_seconds").getSampleCount();
        await().atMost(Duration.ofSeconds(5)).until(() -> Scrape.of(metricsPort(1))
                .histogram("replsim_node_request_duration_seconds").getSampleCount() - countBefore >= served);
        Scrape after = Scrape.of(metricsPort(1));
        Scrape backupAfter = Scrape.of(metricsPort(2));

        assertThat(after.counter("replsim_node_requests_total") - before.counter("replsim_node_requests_total"))
                .isEqualTo(served);
        assertThat(after.histogram("replsim_node_request_duration_seconds").getSampleCount()
                - before.histogram("replsim_node_request_duration_seconds").getSampleCount()).isEqualTo(served);
        assertThat(after.counter("replsim_node_replications_total")
                - before.counter("replsim_node_replications_total")).isEqualTo(served);
        assertThat(after.histogram("replsim_node_replication_duration_seconds").getSampleCount()
                - before.histogram("replsim_node_replication_duration_seconds").getSampleCount()).isEqualTo(served);
        assertThat(after.histogram("replsim_node_replication_duration_seconds").getSampleSum())
                .isGreaterThan(before.histogram("replsim_node_replication_duration_seconds").getSampleSum());
        assertThat(after.counter("replsim_node_replication_messages_sent_total"))
                .isGreaterThanOrEqualTo(before.counter("replsim_node_replication_messages_sent_total") + served);
        assertThat(after.counter("replsim_node_replication_sent_bytes_total")
                - before.counter("replsim_node_replication_sent_bytes_total")).isGreaterThan(served * 1024.0);
        assertThat(after.gauge("replsim_node_sessions_owned") - before.gauge("replsim_node_sessions_owned"))
                .isEqualTo(SESSIONS);
        assertThat(backupAfter.gauge("replsim_node_sessions_replicas")
                - backupBefore.gauge("replsim_node_sessions_replicas")).isEqualTo(SESSIONS);
        assertThat(backupAfter.counter("replsim_node_replication_messages_received_total")
                - backupBefore.counter("replsim_node_replication_messages_received_total"))
                .isGreaterThanOrEqualTo(served);
        assertThat(after.only("replsim_node_requests_total").getLabelList())
                .containsExactly(Metrics.LabelPair.newBuilder().setName("node").setValue("node1").build());
    }

    @Test
    void aScrapeOfAnIdleNodeGivesTheFiguresItsStatsGiveAtTheSameMoment() throws Exception {
        String cookie = counter(null).headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
        counter(cookie);
        adminPost(1, "/admin/gc");

        JsonNode first = stats(1);
        Scrape scrape = Scrape.of(metricsPort(1));
        JsonNode second = stats(1);

        assertSame(scrape.counter("replsim_node_requests_total"), first, second, "/requests/total");
        assertSame(scrape.counter("replsim_node_request_errors_total"), first, second, "/requests/errors");
        assertSame(scrape.histogram("replsim_node_request_duration_seconds").getSampleCount(), first, second,
                "/requests/total");
        assertSame(scrape.gauge("replsim_node_sessions_owned"), first, second, "/sessions/owned");
        assertSame(scrape.gauge("replsim_node_sessions_replicas"), first, second, "/sessions/backup");
        assertSame(scrape.gauge("replsim_node_sessions_passivated"), first, second, "/sessions/passivated");
        assertSame(scrape.gauge("replsim_node_replica_bytes"), first, second, "/sessions/backupBytes");
        assertSame(scrape.gauge("replsim_node_session_bytes"), first, second, "/sessions/heldBytes");
        assertSame(scrape.counter("replsim_node_session_expiries_total"), first, second, "/sessions/expired");
        assertSame(scrape.counter("replsim_node_replica_expiries_total"), first, second, "/sessions/expiredCopies");
        assertSame(scrape.counter("replsim_node_passivations_total"), first, second, "/sessions/passivations");
        assertSame(scrape.counter("replsim_node_activations_total"), first, second, "/sessions/activations");
        assertSame(scrape.counter("replsim_node_replications_total"), first, second, "/replication/replications");
        assertSame(scrape.histogram("replsim_node_replication_duration_seconds").getSampleCount(), first, second,
                "/replication/replications");
        assertThat(scrape.histogram("replsim_node_replication_duration_seconds").getSampleSum())
                .isCloseTo(second.at("/replication/replicationMicrosTotal").asLong() / 1e6, within(1e-9));
        assertSame(scrape.counter("replsim_node_replication_failures_total"), first, second,
                "/replication/failures");
        assertSame(scrape.counter("replsim_node_replication_dropped_total"), first, second,
                "/replication/async/dropped");
        assertSame(scrape.counter("replsim_node_replication_messages_sent_total"), first, second,
                "/replication/messagesSent");
        assertSame(scrape.counter("replsim_node_replication_sent_bytes_total"), first, second,
                "/replication/bytesSent");
        assertSame(scrape.counter("replsim_node_replication_messages_received_total"), first, second,
                "/replication/messagesReceived");
        assertSame(scrape.counter("replsim_node_replication_received_bytes_total"), first, second,
                "/replication/bytesReceived");
        assertSame(scrape.counter("replsim_node_gravitations_total"), first, second, "/replication/gravitations");
        assertThat(scrape.gauge("replsim_node_view_members")).isEqualTo(2)
                .isEqualTo(second.at("/view/members").size());
        assertThat(scrape.counter("replsim_node_views_installed_total"))
                .isGreaterThanOrEqualTo(second.at("/viewHistory").size());
        assertSame(scrape.gauge("replsim_node_cpu_budget_cores"), first, second, "/cpu/budgetCores");
        assertThat(scrape.counter("replsim_node_process_cpu_seconds_total"))
                .isBetween(first.at("/cpu/processCpuMs").asLong() / 1e3, second.at("/cpu/processCpuMs").asLong() / 1e3);
        assertThat(scrape.gauge("replsim_node_cpu_budget_used_ratio")).isNotNegative();
        assertThat(scrape.gauge("replsim_node_heap_after_gc_bytes")).isPositive();
        assertThat(scrape.counter("replsim_node_gc_collections_total"))
                .isBetween(first.at("/memory/collections").asDouble(), second.at("/memory/collections").asDouble());
    }

    @Test
    void theTextFormatPrometheusReadsByDefaultNamesEveryFamilyTheProtobufOneHas() throws Exception {
        Scrape scrape = Scrape.of(metricsPort(1));
        HttpResponse<String> text = Scrape.text(metricsPort(1));

        assertThat(text.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                assertThat(type).startsWith("text/plain"));
        for (var family : scrape.families().values()) {
            String typed = family.getName().replaceFirst("_total$", "");
            assertThat(text.body()).as(family.getName()).containsPattern("(?m)^# TYPE " + typed + "(_total)? "
                    + family.getType().name().toLowerCase(java.util.Locale.ROOT) + "$");
        }
    }

    @Test
    void aNodeAsksForNoMetricsListenerUnlessItsOptionsDo() {
        var options = NodeOptions.onLoopback(new NodeId("plain"), "c",
                0, SessionProfile.DEFAULT, ReplicationSpec.fullSync());

        assertThat(options.metricsPort()).isEmpty();
        assertThat(nodes.getFirst().metricsPort()).isPresent();
    }

    private static void assertSame(double scraped, JsonNode first, JsonNode second, String pointer) {
        assertThat(scraped).as(pointer).isEqualTo(first.at(pointer).asDouble())
                .isEqualTo(second.at(pointer).asDouble());
    }

    private static int metricsPort(int node) {
        return nodes.get(node - 1).metricsPort().orElseThrow();
    }

    private static HttpResponse<String> counter(String cookie) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + nodes.getFirst().httpPort()
                + "/counter")).timeout(Duration.ofSeconds(10));
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode stats(int node) throws Exception {
        var response = HTTP.send(HttpRequest.newBuilder(adminUri(node, "/admin/stats"))
                .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private static void adminPost(int node, String path) throws Exception {
        var response = HTTP.send(HttpRequest.newBuilder(adminUri(node, path)).header("Authorization", "Bearer " + TOKEN)
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
    }

    private static URI adminUri(int node, String path) {
        return URI.create("http://127.0.0.1:" + nodes.get(node - 1).adminPort() + path);
    }
}
