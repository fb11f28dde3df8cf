package io.replsim.node.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.node.ClusterNode;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.SessionId;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each app's {@code ?op=read} over HTTP on two in-JVM nodes: it answers the serial it found without moving it, and
 * what it replicates is the trigger's choice: under set nothing, under set-and-non-primitive-get the reads of a
 * mutable value (the cart, the profile's attributes) but not the counter's Integer serial, under set-and-get every
 * read. A read replicated is one the backup's copy shows as a new version.
 */
class ReadRequestsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final List<String> APPS = List.of(CounterApp.PATH, CartApp.PATH, ProfileApp.PATH);

    @ParameterizedTest
    @EnumSource(ReplicationTrigger.class)
    void aReadKeepsTheSerialAndReplicatesWhatTheTriggerSays(ReplicationTrigger trigger) throws Exception {
        Map<ReplicationTrigger, List<String>> replicatedByARead = Map.of(
                ReplicationTrigger.SET, List.of(),
                ReplicationTrigger.SET_AND_NON_PRIMITIVE_GET, List.of(CartApp.PATH, ProfileApp.PATH),
                ReplicationTrigger.SET_AND_GET, APPS);
        var spec = ReplicationSpec.builder().granularity(GranularityKind.ATTRIBUTE).trigger(trigger).build();
        List<ClusterNode> nodes = new ArrayList<>();
        String cluster = "read-test-" + UUID.randomUUID();
        try {
            TwoLoopbackNodes.start(cluster, spec, nodes);
            ClusterNode owner = nodes.getFirst();
            ClusterNode backup = nodes.get(1);

            List<String> replicated = new ArrayList<>();
            for (String app : APPS) {
                HttpResponse<String> made = get(owner, app, null);
                String cookie = made.headers().allValues("Set-Cookie").getFirst().split(";", 2)[0];
                var id = new SessionId(cookie.substring(cookie.indexOf('=') + 1, cookie.indexOf('.')));
                JsonNode written = JSON.readTree(get(owner, app, cookie).body());
                long before = backup.replication().store().peek(id).orElseThrow().version();

                JsonNode read = JSON.readTree(get(owner, app + "?op=read", cookie).body());

                assertThat(read.get("serial").asInt()).as(app).isEqualTo(written.get("serial").asInt()).isEqualTo(2);
                assertThat(read.get("digest").asText()).as(app).isEqualTo(written.get("digest").asText());
                assertThat(read.get("created").asBoolean()).as(app).isFalse();
                if (backup.replication().store().peek(id).orElseThrow().version() > before) {
                    replicated.add(app);
                }
            }

            assertThat(replicated).as(trigger.label()).isEqualTo(replicatedByARead.get(trigger));
            HttpResponse<String> unknown = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + owner.httpPort() + CounterApp.PATH + "?op=delete")).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(unknown.statusCode()).isEqualTo(400);
        } finally {
            nodes.reversed().forEach(ClusterNode::close);
        }
    }

    private static HttpResponse<String> get(ClusterNode node, String path, String cookie) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path)).GET();
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
        return response;
    }
}
