package io.replsim.node;


import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.node.admin.AdminToken;
import io.replsim.node.app.SessionDigest;
import io.replsim.node.app.SessionProfile;
import io.replsim.node.options.NodeOptions;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
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
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Three nodes in this JVM over SHARED_LOOPBACK, with real Undertow listeners on ephemeral loopback ports. */
class ClusterNodeTest {
    private static final String TOKEN = "test-token-" + UUID.randomUUID();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final List<ClusterNode> nodes = new ArrayList<>();
    private static final AtomicInteger shutdownRequests = new AtomicInteger();

    @BeforeAll
    static void startCluster() throws Exception {
        String cluster = "node-test-" + UUID.randomUUID();
        for (int i = 1; i <= 3; i++) {
            var options = NodeOptions.onLoopback(new NodeId("node" + i), cluster,
                    1024, SessionProfile.DEFAULT, ReplicationSpec.fullSync());
            nodes.add(ClusterNode.start(options, new AdminToken(TOKEN), new LoopbackStackSpec(),
                    shutdownRequests::incrementAndGet));
        }
        await().atMost(Duration.ofSeconds(10))
                .until(() -> nodes.stream().allMatch(node -> node.replication().view().members().size() == 3));
    }

    @AfterAll
    static void stopCluster() {
        nodes.reversed().forEach(ClusterNode::close);
    }

    @Test
    void theCounterCreatesASessionThenIncrementsItsSerial() throws Exception {
        var first = counter(1, Optional.empty());
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("Content-Type")).contains("application/json");
        assertThat(first.headers().firstValue("X-Replsim-Node")).contains("node1");
        JsonNode created = JSON.readTree(first.body());
        String id = created.get("session").asText();
        assertThat(created.get("serial").asInt()).isEqualTo(1);
        assertThat(created.get("created").asBoolean()).isTrue();
        assertThat(created.get("node").asText()).isEqualTo("node1");
        assertThat(created.get("digest").asText()).matches("[0-9a-f]{16}");
        String cookie = sessionCookie(first).orElseThrow();
        assertThat(cookie).isEqualTo(id + ".node1");
        assertThat(first.headers().firstValue("Set-Cookie").orElseThrow()).contains("Path=/").containsIgnoringCase("HttpOnly");

        var second = counter(1, Optional.of(cookie));

        JsonNode incremented = JSON.readTree(second.body());
        assertThat(incremented.get("serial").asInt()).isEqualTo(2);
        assertThat(incremented.get("created").asBoolean()).isFalse();
        // the whole state: the payload made with the session and the serial
        byte[] payload = (byte[]) nodes.getFirst().replication().store().peek(new SessionId(id)).orElseThrow()
                .attributes().get("payload");
        assertThat(incremented.get("digest").asText()).isEqualTo(SessionDigest.of(Map.of("payload", payload,
                "serial", 2))).isNotEqualTo(created.get("digest").asText());
        assertThat(sessionCookie(second)).as("same route: no new cookie").isEmpty();
    }

    @Test
    void theSameCookieOnAnotherNodeContinuesTheSerialRewritesTheRouteAndMovesOwnership() throws Exception {
        var onFirst = counter(1, Optional.empty());
        String cookie = sessionCookie(onFirst).orElseThrow();
        counter(1, Optional.of(cookie));                                  // serial 2 on node1
        String id = JSON.readTree(onFirst.body()).get("session").asText();
        byte[] payload = (byte[]) nodes.getFirst().replication().store().peek(new SessionId(id)).orElseThrow()
                .attributes().get("payload");

        var onSecond = counter(2, Optional.of(cookie));

        JsonNode body = JSON.readTree(onSecond.body());
        assertThat(onSecond.statusCode()).isEqualTo(200);
        assertThat(body.get("serial").asInt()).isEqualTo(3);
        assertThat(body.get("node").asText()).isEqualTo("node2");
        assertThat(body.get("digest").asText()).as("the payload came along")
                .isEqualTo(SessionDigest.of(Map.of("payload", payload, "serial", 3)));
        assertThat(sessionCookie(onSecond)).contains(id + ".node2");
        var sessionId = new SessionId(id);
        assertThat(nodes.get(1).replication().store().peek(sessionId).orElseThrow().owner()).isEqualTo(new NodeId("node2"));
        assertThat(nodes.get(0).replication().store().peek(sessionId).orElseThrow().owner())
                .as("the old owner now holds a backup").isEqualTo(new NodeId("node2"));

        var backOnSecond = counter(2, Optional.of(id + ".node2"));
        assertThat(JSON.readTree(backOnSecond.body()).get("serial").asInt()).isEqualTo(4);
    }

    @Test
    void endingASessionAnswersItsStateThenRemovesItFromEveryNode() throws Exception {
        String cookie = sessionCookie(counter(1, Optional.empty())).orElseThrow();
        counter(2, Optional.of(cookie));                                  // serial 2, owner node2, copies everywhere
        var id = new SessionId(cookie.substring(0, cookie.indexOf('.')));

        var ended = request(3, "/counter?end", Optional.of(cookie));

        assertThat(ended.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(ended.body());
        assertThat(body.get("serial").asInt()).as("the logout still shows the session it ended").isEqualTo(3);
        assertThat(body.get("created").asBoolean()).isFalse();
        assertThat(ended.headers().allValues("Set-Cookie")).anySatisfy(header ->
                assertThat(header).startsWith("JSESSIONID=").contains("Expires=Thu, 01-Jan-1970"));
        for (ClusterNode node : nodes) {
            assertThat(node.replication().store().peek(id)).as("%s's copy", node.replication().self()).isEmpty();
        }
        JsonNode afterwards = JSON.readTree(counter(1, Optional.of(cookie)).body());
        assertThat(afterwards.get("created").asBoolean()).as("the ended session's cookie gets a new session").isTrue();
        assertThat(afterwards.get("session").asText()).isNotEqualTo(id.value());
    }

    @Test
    void anUnknownSessionGetsANewOne() throws Exception {
        var response = counter(3, Optional.of("nosuchsession.node1"));

        JsonNode body = JSON.readTree(response.body());
        assertThat(body.get("created").asBoolean()).isTrue();
        assertThat(body.get("serial").asInt()).isEqualTo(1);
        assertThat(body.get("session").asText()).isNotEqualTo("nosuchsession");
        assertThat(sessionCookie(response)).contains(body.get("session").asText() + ".node3");
    }

    @Test
    void theAdminApiAnswers401WithoutTheTokenOrWithAWrongOne() throws Exception {
        for (String path : List.of("/admin/health", "/admin/stats")) {
            assertThat(admin(1, path, Optional.empty()).statusCode()).isEqualTo(401);
            assertThat(admin(1, path, Optional.of("Bearer wrong")).statusCode()).isEqualTo(401);
            assertThat(admin(1, path, Optional.of("Basic " + TOKEN)).statusCode()).isEqualTo(401);
        }
        var shutdown = HttpRequest.newBuilder(adminUri(1, "/admin/shutdown"))
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        assertThat(HTTP.send(shutdown, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
    }

    @Test
    void shutdownWithTheTokenAnswers202AndStartsTheLeave() throws Exception {
        int before = shutdownRequests.get();
        var shutdown = HttpRequest.newBuilder(adminUri(3, "/admin/shutdown"))
                .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.noBody()).build();

        assertThat(HTTP.send(shutdown, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(5)).until(() -> shutdownRequests.get() == before + 1);
    }

    @Test
    void aFullCollectionNeedsTheTokenAndAnswersTheLiveHeap() throws Exception {
        var refused = HTTP.send(HttpRequest.newBuilder(adminUri(2, "/admin/gc"))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(401);

        var collected = HTTP.send(HttpRequest.newBuilder(adminUri(2, "/admin/gc"))
                .header("Authorization", "Bearer " + TOKEN)
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(collected.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(collected.body());
        assertThat(fieldNames(body)).containsExactly("atEpochMs", "uptimeMs", "heapAfterBytes", "tookMs");
        assertThat(body.get("heapAfterBytes").asLong()).isPositive()
                .isLessThanOrEqualTo(Runtime.getRuntime().totalMemory());
        assertThat(body.get("tookMs").asLong()).isNotNegative();
    }

    @Test
    void healthReportsTheNodeAndItsMembers() throws Exception {
        var response = admin(2, "/admin/health", Optional.of("Bearer " + TOKEN));

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.get("status").asText()).isEqualTo("UP");
        assertThat(body.get("node").asText()).isEqualTo("node2");
        assertThat(body.get("members").asInt()).isEqualTo(3);
    }

    @Test
    void statsCarryEveryDocumentedField() throws Exception {
        counter(1, Optional.empty());

        var response = admin(1, "/admin/stats", Optional.of("Bearer " + TOKEN));

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode stats = JSON.readTree(response.body());
        assertThat(fieldNames(stats)).containsExactlyInAnyOrder("node", "uptimeMs", "atEpochMs", "cpu", "workers",
                "sessions", "requests", "replication", "view", "viewHistory", "memory");
        assertThat(fieldNames(stats.get("memory"))).containsExactlyInAnyOrder("heapUsedBytes", "heapMaxBytes",
                "heapAfterGcBytes", "collections", "collectionMs");
        assertThat(fieldNames(stats.get("cpu"))).containsExactlyInAnyOrder("budgetCores", "usedCores",
                "utilization", "windowMs", "processCpuMs", "monotonicMs", "compilerCpuMs");
        assertThat(fieldNames(stats.get("sessions"))).containsExactlyInAnyOrder("owned", "backup", "backupBytes",
                "expired", "expiredCopies", "heldBytes", "passivations", "activations", "passivated");
        assertThat(fieldNames(stats.get("requests"))).containsExactlyInAnyOrder("total", "errors", "deniedInPartition");
        assertThat(fieldNames(stats.get("replication"))).containsExactlyInAnyOrder("placement", "granularity",
                "delivery", "messagesSent", "bytesSent", "messagesReceived", "bytesReceived", "rejectedMessages",
                "failures", "replicationMicrosTotal", "replicationMicrosMax", "gravitations", "sessionsPushed",
                "async", "replications", "marshalledMessages", "marshalledBytes", "marshalMicrosTotal",
                "unmarshalMicrosTotal", "engine", "remoteReads", "messagesStreamed",
                "peersRefused", "ownershipConflicts", "coalescedUpdates", "lateSnapshotRounds");
        assertThat(fieldNames(stats.get("replication").get("async"))).containsExactlyInAnyOrder("queued", "enqueued",
                "dropped", "sent", "failed", "discarded", "bundles", "lagMicrosTotal", "lagMicrosMax");
        assertThat(fieldNames(stats.get("view"))).containsExactlyInAnyOrder("id", "coordinator", "members",
                "installedAtEpochMs");
        assertThat(fieldNames(stats.get("viewHistory").get(0))).containsExactlyInAnyOrder("id", "members",
                "installedAtEpochMs", "settledAtEpochMs");

        assertThat(stats.get("node").asText()).isEqualTo("node1");
        assertThat(stats.get("memory").get("heapUsedBytes").asLong()).isPositive()
                .isLessThanOrEqualTo(stats.get("memory").get("heapMaxBytes").asLong());
        // -1 stands for "no collection yet"; after one it is what the heap held when the collection ended
        long afterGc = stats.get("memory").get("heapAfterGcBytes").asLong();
        if (afterGc == -1) {
            assertThat(stats.get("memory").get("collections").asLong()).isZero();
        } else {
            assertThat(afterGc).isNotNegative().isLessThanOrEqualTo(stats.get("memory").get("heapMaxBytes").asLong());
        }
        assertThat(stats.get("workers").asInt()).isEqualTo(4);
        assertThat(stats.get("cpu").get("budgetCores").asDouble()).isEqualTo(1.0);
        assertThat(stats.get("sessions").get("owned").asInt()).isPositive();
        assertThat(stats.get("requests").get("total").asLong()).isPositive();
        assertThat(stats.get("replication").get("placement").asText()).isEqualTo("ALL");
        assertThat(stats.get("replication").get("granularity").asText()).isEqualTo("SESSION");
        assertThat(stats.get("replication").get("delivery").asText()).isEqualTo("SYNC");
        assertThat(stats.get("replication").get("messagesSent").asLong()).isPositive();
        assertThat(stats.get("replication").get("replications").asLong()).isPositive();
        assertThat(stats.get("replication").get("marshalledBytes").asLong()).isPositive();
        assertThat(stats.get("replication").get("marshalledMessages").asLong())
                .isLessThanOrEqualTo(stats.get("replication").get("messagesSent").asLong());
        // Two nodes back up node1's sessions; node1 backs up theirs, each with a 1 KB payload.
        assertThat(stats.get("sessions").get("backupBytes").asLong())
                .isGreaterThanOrEqualTo(1024L * stats.get("sessions").get("backup").asLong());
        assertThat(stats.get("view").get("coordinator").asText()).isEqualTo("node1");
        assertThat(stats.get("view").get("id").asText()).startsWith("[node1|");
        assertThat(stats.get("view").get("members")).extracting(JsonNode::asText)
                .containsExactly("node1", "node2", "node3");
    }

    private static List<String> fieldNames(JsonNode node) {
        return StreamSupport.stream(((Iterable<String>) node::fieldNames).spliterator(), false).toList();
    }

    private static HttpResponse<String> counter(int node, Optional<String> cookie) throws Exception {
        return request(node, "/counter", cookie);
    }

    private static HttpResponse<String> request(int node, String pathAndQuery, Optional<String> cookie)
            throws Exception {
        var request = HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + nodes.get(node - 1).httpPort() + pathAndQuery)).GET();
        cookie.ifPresent(value -> request.header("Cookie", "JSESSIONID=" + value));
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static URI adminUri(int node, String path) {
        return URI.create("http://127.0.0.1:" + nodes.get(node - 1).adminPort() + path);
    }

    private static HttpResponse<String> admin(int node, String path, Optional<String> authorization)
            throws Exception {
        var request = HttpRequest.newBuilder(adminUri(node, path)).GET();
        authorization.ifPresent(value -> request.header("Authorization", value));
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Optional<String> sessionCookie(HttpResponse<?> response) {
        return response.headers().allValues("Set-Cookie").stream()
                .filter(header -> header.startsWith("JSESSIONID="))
                .map(header -> header.substring("JSESSIONID=".length()).split(";", 2)[0])
                .findFirst();
    }
}
