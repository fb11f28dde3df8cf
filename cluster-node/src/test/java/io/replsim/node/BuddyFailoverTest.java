package io.replsim.node;


import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.node.admin.AdminToken;
import io.replsim.node.app.SessionProfile;
import io.replsim.node.options.NodeOptions;
import io.replsim.replication.BuddyPools;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.session.SessionCounts;
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
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Three nodes with one buddy each: a user sent to a node that holds no copy still gets its session. */
class BuddyFailoverTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final List<ClusterNode> nodes = new ArrayList<>();

    @BeforeAll
    static void startCluster() throws Exception {
        String cluster = "buddy-node-test-" + UUID.randomUUID();
        var spec = ReplicationSpec.builder().placement(new Placement.Buddies(1, BuddyPools.none())).build();
        for (int i = 1; i <= 3; i++) {
            var options = NodeOptions.onLoopback(new NodeId("node" + i), cluster, 256, SessionProfile.DEFAULT, spec);
            nodes.add(ClusterNode.start(options, new AdminToken("t"), new LoopbackStackSpec(), () -> { }));
        }
        await().atMost(Duration.ofSeconds(10))
                .until(() -> nodes.stream().allMatch(node -> node.replication().view().members().size() == 3));
    }

    @AfterAll
    static void stopCluster() {
        nodes.reversed().forEach(ClusterNode::close);
    }

    @Test
    void aRequestOnANodeWithoutACopyGravitatesTheSessionAndMovesTheRoute() throws Exception {
        var created = counter(1, Optional.empty());
        String cookie = sessionCookie(created).orElseThrow();
        byte[] payload = (byte[]) nodes.getFirst().replication().store().peek(new io.replsim.replication.SessionId(
                JSON.readTree(created.body()).get("session").asText())).orElseThrow().attributes().get("payload");
        counter(1, Optional.of(cookie));

        // node1's buddy is node2; node3 holds nothing until it asks.
        var moved = counter(3, Optional.of(cookie));

        JsonNode body = JSON.readTree(moved.body());
        assertThat(moved.statusCode()).isEqualTo(200);
        assertThat(body.get("serial").asInt()).isEqualTo(3);
        assertThat(body.get("digest").asText()).as("the payload came along").isEqualTo(
                io.replsim.node.app.SessionDigest.of(java.util.Map.of("payload", payload, "serial", 3)));
        assertThat(body.get("created").asBoolean()).isFalse();
        assertThat(sessionCookie(moved)).contains(cookie.substring(0, cookie.indexOf('.')) + ".node3");
        assertThat(nodes.get(2).replication().stats().gravitations()).isEqualTo(1);
        // node3's buddy wraps around to node1, the old owner, which now holds a backup; node2's copy is removed.
        assertThat(nodes.get(0).replication().store().counts()).isEqualTo(new SessionCounts(0, 1));
        assertThat(nodes.get(1).replication().store().counts()).isEqualTo(new SessionCounts(0, 0));
    }

    private static HttpResponse<String> counter(int node, Optional<String> cookie) throws Exception {
        var request = HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + nodes.get(node - 1).httpPort() + "/counter")).GET();
        cookie.ifPresent(value -> request.header("Cookie", "JSESSIONID=" + value));
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Optional<String> sessionCookie(HttpResponse<?> response) {
        return response.headers().allValues("Set-Cookie").stream()
                .filter(header -> header.startsWith("JSESSIONID="))
                .map(header -> header.substring("JSESSIONID=".length()).split(";", 2)[0])
                .findFirst();
    }
}
