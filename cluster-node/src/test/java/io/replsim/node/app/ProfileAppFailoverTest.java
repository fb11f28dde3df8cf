package io.replsim.node.app;


import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.node.ClusterNode;
import io.replsim.node.admin.AdminToken;
import io.replsim.node.options.NodeOptions;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.transport.LoopbackStackSpec;
import io.replsim.settings.Choices;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
 * The profile app over HTTP on two nodes: three requests on the first, which then leaves, and a fourth on the
 * second. The serial the fourth request answers says whether the session survived current (4) or stale (less).
 */
class ProfileAppFailoverTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @ParameterizedTest(name = "{0} + {1}, mutate in place {2}, {3}: serial after failover {4}")
    @CsvSource({
            "ATTRIBUTE, SET,                       true,  graph, 2",
            "ATTRIBUTE, SET,                       true,  bytes, 2",
            "SESSION,   SET_AND_NON_PRIMITIVE_GET, true,  graph, 4",
            "ATTRIBUTE, SET_AND_NON_PRIMITIVE_GET, true,  bytes, 4",
            "ATTRIBUTE, SET,                       false, graph, 4",
    })
    void theSerialAfterFailoverShowsWhetherInPlaceChangesWereReplicated(GranularityKind granularity,
            ReplicationTrigger trigger, boolean mutateInPlace, String shape, int expectedSerial) throws Exception {
        var spec = ReplicationSpec.builder().granularity(granularity).trigger(trigger).build();
        var profile = new SessionProfile(6, 512, Choices.of(AttributeShape.class).parse(shape, "shape"), 0.5,
                mutateInPlace);
        List<ClusterNode> nodes = new ArrayList<>();
        String cluster = "profile-test-" + UUID.randomUUID();
        try {
            for (int i = 1; i <= 2; i++) {
                nodes.add(ClusterNode.start(NodeOptions.onLoopback(new NodeId("node" + i), cluster,
                        256, profile, spec), new AdminToken("t"), new LoopbackStackSpec(), () -> { }));
            }
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> nodes.stream().allMatch(node -> node.replication().view().members().size() == 2));

            var first = profile(nodes.getFirst(), null);
            String cookie = first.headers().allValues("Set-Cookie").getFirst().split(";", 2)[0];
            var digests = new java.util.HashMap<Integer, String>();
            digests.put(1, JSON.readTree(first.body()).get("digest").asText());
            digests.put(2, JSON.readTree(profile(nodes.getFirst(), cookie).body()).get("digest").asText());
            JsonNode third = JSON.readTree(profile(nodes.getFirst(), cookie).body());
            assertThat(third.get("serial").asInt()).isEqualTo(3);
            digests.put(3, third.get("digest").asText());

            nodes.removeFirst().close();
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> nodes.getFirst().replication().view().members().size() == 1);

            JsonNode after = JSON.readTree(profile(nodes.getFirst(), cookie).body());
            assertThat(after.get("created").asBoolean()).isFalse();
            assertThat(after.get("serial").asInt()).isEqualTo(expectedSerial);
            if (expectedSerial <= 3) {
                // a stale copy is a whole older state: the one answered at that serial, not a mix
                assertThat(after.get("digest").asText()).isEqualTo(digests.get(expectedSerial));
            } else {
                assertThat(digests).doesNotContainValue(after.get("digest").asText());
            }
        } finally {
            nodes.reversed().forEach(ClusterNode::close);
        }
    }

    private static HttpResponse<String> profile(ClusterNode node, String cookie) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + ProfileApp.PATH))
                .GET();
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response;
    }
}
