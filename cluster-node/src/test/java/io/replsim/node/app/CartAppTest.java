package io.replsim.node.app;


import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.node.ClusterNode;
import io.replsim.node.admin.AdminToken;
import io.replsim.node.options.NodeOptions;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.transport.LoopbackStackSpec;
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

/** The cart over HTTP: lines accumulate up to the cap, and the backup holds the same cart as the owner. */
class CartAppTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void everyRequestAddsALineTheBackupHoldsTooAndTheCartKeepsItsNewestLines() throws Exception {
        var spec = ReplicationSpec.builder().granularity(GranularityKind.ATTRIBUTE).build();
        List<ClusterNode> nodes = new ArrayList<>();
        String cluster = "cart-test-" + UUID.randomUUID();
        try {
            for (int i = 1; i <= 2; i++) {
                nodes.add(ClusterNode.start(NodeOptions.onLoopback(new NodeId("node" + i), cluster,
                        256, SessionProfile.DEFAULT, spec), new AdminToken("t"), new LoopbackStackSpec(), () -> { }));
            }
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> nodes.stream().allMatch(node -> node.replication().view().members().size() == 2));

            var first = cart(nodes.getFirst(), null);
            String cookie = first.headers().allValues("Set-Cookie").getFirst().split(";", 2)[0];
            int serial = 1;
            for (int i = 0; i < CartApp.MAX_LINES + 4; i++) {
                serial = JSON.readTree(cart(nodes.getFirst(), cookie).body()).get("serial").asInt();
            }

            assertThat(serial).isEqualTo(CartApp.MAX_LINES + 5);
            var id = new SessionId(cookie.substring(cookie.indexOf('=') + 1, cookie.indexOf('.')));
            SessionSnapshot owner = nodes.getFirst().replication().store().peek(id).orElseThrow();
            SessionSnapshot backup = nodes.get(1).replication().store().peek(id).orElseThrow();
            assertThat(backup.version()).isEqualTo(owner.version());
            assertThat(backup.attributes().get(CartApp.CART)).isEqualTo(owner.attributes().get(CartApp.CART))
                    .asList().hasSize(CartApp.MAX_LINES);
        } finally {
            nodes.reversed().forEach(ClusterNode::close);
        }
    }

    private static HttpResponse<String> cart(ClusterNode node, String cookie) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + CartApp.PATH)).GET();
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response;
    }
}
