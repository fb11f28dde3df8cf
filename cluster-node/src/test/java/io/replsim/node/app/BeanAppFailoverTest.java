package io.replsim.node.app;


import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.node.ClusterNode;
import io.replsim.node.admin.AdminToken;
import io.replsim.node.options.NodeOptions;
import io.replsim.replication.NodeId;
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

/** The SFSB over HTTP on two nodes: replicated after modifying invocations only, and failing over like a session. */
class BeanAppFailoverTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final List<ClusterNode> nodes = new ArrayList<>();

    @BeforeEach
    void startCluster() throws Exception {
        String cluster = "bean-test-" + UUID.randomUUID();
        for (int i = 1; i <= 2; i++) {
            nodes.add(ClusterNode.start(NodeOptions.onLoopback(new NodeId("node" + i), cluster,
                    256, SessionProfile.DEFAULT, ReplicationSpec.fullSync()),
                    new AdminToken("t"), new LoopbackStackSpec(),
                    () -> { }));
        }
        await().atMost(Duration.ofSeconds(10))
                .until(() -> nodes.stream().allMatch(node -> node.replication().view().members().size() == 2));
    }

    @AfterEach
    void stopCluster() {
        nodes.reversed().forEach(ClusterNode::close);
    }

    @Test
    void anUnmodifiedInvocationIsNotReplicatedAndTheBeanFailsOverWithItsLastModifiedState() throws Exception {
        ClusterNode first = nodes.getFirst();
        var created = invoke(first, null, "");
        String cookie = created.headers().allValues("Set-Cookie").getFirst().split(";", 2)[0];
        invoke(first, cookie, "");
        String digest = JSON.readTree(invoke(first, cookie, "").body()).get("digest").asText();
        long replicationsAfterIncrements = first.replication().stats().replications();

        for (int i = 0; i < 3; i++) {
            JsonNode peeked = JSON.readTree(invoke(first, cookie, "?op=peek").body());
            assertThat(peeked.get("serial").asInt()).isEqualTo(3);
            assertThat(peeked.get("digest").asText()).as("a peek leaves the state as it was").isEqualTo(digest);
        }
        assertThat(replicationsAfterIncrements).isEqualTo(3);
        assertThat(first.replication().stats().replications()).as("peeks replicate nothing").isEqualTo(3);

        nodes.removeFirst().close();
        await().atMost(Duration.ofSeconds(10)).until(() -> nodes.getFirst().replication().view().members().size() == 1);

        var failedOver = invoke(nodes.getFirst(), cookie, "");
        JsonNode body = JSON.readTree(failedOver.body());
        assertThat(body.get("serial").asInt()).isEqualTo(4);
        assertThat(body.get("digest").asText()).as("the state moved on from serial 3's").isNotEqualTo(digest);
        assertThat(body.get("created").asBoolean()).isFalse();
        assertThat(failedOver.headers().allValues("Set-Cookie").getFirst()).contains(".node2");
    }

    @Test
    void anUnknownOperationIsABadRequest() throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + nodes.getFirst().httpPort()
                + BeanApp.PATH + "?op=delete")).GET().build();

        assertThat(HTTP.send(request, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(400);
    }

    private static HttpResponse<String> invoke(ClusterNode node, String cookie, String query) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + BeanApp.PATH + query))
                .GET();
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response;
    }
}
