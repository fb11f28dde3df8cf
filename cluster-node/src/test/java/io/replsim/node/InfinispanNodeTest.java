package io.replsim.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.node.admin.AdminToken;
import io.replsim.node.app.BeanApp;
import io.replsim.node.app.CounterApp;
import io.replsim.node.app.SessionProfile;
import io.replsim.node.options.NodeOptions;
import io.replsim.replication.BuddyPools;
import io.replsim.replication.EngineKind;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.LoopbackStackSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
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
import static org.awaitility.Awaitility.await;

/**
 * Three nodes on the infinispan engine (DIST_SYNC, two owners, one entry per attribute) behind the unchanged node
 * API: the apps, the admin stats and failover work as on the jgroups engine.
 */
class InfinispanNodeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final String TOKEN = "t";

    private final List<ClusterNode> nodes = new ArrayList<>();

    @BeforeEach
    void startCluster() throws Exception {
        String cluster = "infinispan-node-test-" + UUID.randomUUID();
        var spec = ReplicationSpec.builder().placement(new Placement.Buddies(1, BuddyPools.none()))
                .granularity(GranularityKind.ATTRIBUTE).engine(EngineKind.INFINISPAN).build();
        for (int i = 1; i <= 3; i++) {
            nodes.add(ClusterNode.start(NodeOptions.onLoopback(new NodeId("node" + i), cluster,
                    256, SessionProfile.DEFAULT, spec), new AdminToken(TOKEN), new LoopbackStackSpec(), () -> { }));
        }
        await().atMost(Duration.ofSeconds(15))
                .until(() -> nodes.stream().allMatch(node -> node.replication().view().members().size() == 3));
    }

    @AfterEach
    void stopCluster() {
        nodes.reversed().forEach(ClusterNode::close);
    }

    @Test
    void aSessionServedByAnotherNodeKeepsItsStateAndTheStatsNameTheEngineAndTheOwner() throws Exception {
        var created = get(nodes.get(0), CounterApp.PATH, null);
        String cookie = created.headers().allValues("Set-Cookie").getFirst().split(";", 2)[0];
        var id = new io.replsim.replication.SessionId(JSON.readTree(created.body()).get("session").asText());
        byte[] payload = io.replsim.node.app.DerivedRandom.bytes(id.value(), "payload", 0,
                nodes.get(0).options().payloadBytes());
        get(nodes.get(0), CounterApp.PATH, cookie);

        JsonNode moved = JSON.readTree(get(nodes.get(2), CounterApp.PATH, cookie).body());

        assertThat(moved.get("serial").asInt()).isEqualTo(3);
        assertThat(moved.get("digest").asText()).as("the payload came along").isEqualTo(
                io.replsim.node.app.SessionDigest.of(java.util.Map.of("payload", payload, "serial", 3)));
        assertThat(moved.get("created").asBoolean()).isFalse();
        JsonNode stats = JSON.readTree(admin(nodes.get(0)).body());
        assertThat(stats.at("/replication/engine").asText()).isEqualTo("infinispan");
        // The session's id was picked so that node1, which created it, is its primary owner.
        assertThat(stats.at("/sessions/owned").asInt()).isEqualTo(1);
        assertThat(stats.at("/replication/replications").asLong()).isEqualTo(2);
        assertThat(stats.at("/replication/marshalledBytes").asLong()).isPositive();
        long backups = 0;
        for (ClusterNode node : nodes) {
            backups += JSON.readTree(admin(node).body()).at("/sessions/backup").asLong();
        }
        assertThat(backups).isEqualTo(1);
    }

    @Test
    void aStatefulBeanFailsOverWithItsLastModifiedState() throws Exception {
        ClusterNode first = nodes.getFirst();
        var created = get(first, BeanApp.PATH, null);
        String cookie = created.headers().allValues("Set-Cookie").getFirst().split(";", 2)[0];
        var id = new io.replsim.replication.SessionId(JSON.readTree(created.body()).get("session").asText());
        byte[] identity = io.replsim.node.app.DerivedRandom.bytes(id.value(), "identity", 0, 32);
        get(first, BeanApp.PATH, cookie);
        get(first, BeanApp.PATH, cookie);

        nodes.removeFirst().close();
        await().atMost(Duration.ofSeconds(15))
                .until(() -> nodes.stream().allMatch(node -> node.replication().view().members().size() == 2));

        JsonNode failedOver = JSON.readTree(get(nodes.getFirst(), BeanApp.PATH, cookie).body());
        assertThat(failedOver.get("serial").asInt()).isEqualTo(4);
        // the bean's last modified state (count 3) plus this invocation, its identity unchanged
        assertThat(failedOver.get("digest").asText()).isEqualTo(io.replsim.node.app.SessionDigest.of(java.util.Map.of(
                "bean", new java.util.HashMap<>(java.util.Map.of("identity", identity, "count", 4L)))));
        assertThat(failedOver.get("created").asBoolean()).isFalse();
    }

    private static HttpResponse<String> get(ClusterNode node, String path, String cookie) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path)).GET();
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response;
    }

    private static HttpResponse<String> admin(ClusterNode node) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.adminPort() + "/admin/stats"))
                .header("Authorization", "Bearer " + TOKEN).GET().build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response;
    }
}
