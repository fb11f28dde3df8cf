package io.replsim.node.app;

import io.replsim.node.ClusterNode;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.ReplicationTrigger;
import java.io.Serializable;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The session's list of recorded requests over HTTP on two in-JVM nodes (attribute granularity, sync): a writing
 * request with {@code X-Replsim-Request} appends its id and answers the list in {@code X-Replsim-List}, a read or a
 * logout shows it without appending, the list travels with the session to the other node, a request without the
 * header gets no list, and a header that is not a number is refused.
 */
class RequestListTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<ClusterNode> nodes = new ArrayList<>();

    @BeforeEach
    void startTwoNodes() throws Exception {
        var spec = ReplicationSpec.builder().granularity(GranularityKind.ATTRIBUTE).trigger(ReplicationTrigger.SET)
                .build();
        String cluster = "list-test-" + UUID.randomUUID();
        TwoLoopbackNodes.start(cluster, spec, nodes);
    }

    @AfterEach
    void close() {
        nodes.reversed().forEach(ClusterNode::close);
    }

    @Test
    void writesAppendTheirIdsAndEveryAnswerShowsTheList() throws Exception {
        ClusterNode owner = nodes.getFirst();
        ClusterNode other = nodes.get(1);
        HttpResponse<String> first = get(owner, CounterApp.PATH, null, "1");
        String cookie = first.headers().allValues("Set-Cookie").getFirst().split(";", 2)[0];

        assertThat(list(first)).isEqualTo("1");
        assertThat(list(get(owner, CounterApp.PATH, cookie, "2"))).isEqualTo("1,2");
        assertThat(list(get(owner, CounterApp.PATH + "?op=read", cookie, "3"))).isEqualTo("1,2");
        assertThat(list(get(other, CounterApp.PATH, cookie, "4"))).as("replicated to the other node")
                .isEqualTo("1,2,4");
        assertThat(list(get(other, CounterApp.PATH + "?end", cookie, "5"))).as("a logout").isEqualTo("1,2,4");
    }

    @Test
    void theBeansPeekShowsTheListWithoutAppending() throws Exception {
        HttpResponse<String> first = get(nodes.getFirst(), "/bean", null, "10");
        String cookie = first.headers().allValues("Set-Cookie").getFirst().split(";", 2)[0];

        assertThat(list(get(nodes.getFirst(), "/bean?op=peek", cookie, "11"))).isEqualTo("10");
        assertThat(list(get(nodes.getFirst(), "/bean", cookie, "12"))).isEqualTo("10,12");
    }

    @Test
    void aRequestWithoutAnIdGetsNoListAndAWrongIdIsRefused() throws Exception {
        HttpResponse<String> plain = get(nodes.getFirst(), CounterApp.PATH, null, null);
        assertThat(plain.headers().firstValue("X-Replsim-List")).isEmpty();

        HttpResponse<String> wrong = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + nodes.getFirst().httpPort() + CounterApp.PATH)).header("X-Replsim-Request", "twelve")
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(wrong.statusCode()).isEqualTo(400);
        assertThat(wrong.body()).contains("X-Replsim-Request is [twelve]; it takes one whole number");
    }

    @Test
    void theDigestLeavesTheListOut() {
        Map<String, Serializable> state = Map.of("serial", 3);
        Map<String, Serializable> withList = Map.of("serial", 3, RequestList.ATTRIBUTE, new long[] {1, 2});

        assertThat(SessionDigest.of(withList)).isEqualTo(SessionDigest.of(state));
    }

    private static String list(HttpResponse<String> response) {
        return response.headers().firstValue("X-Replsim-List").orElseThrow(() -> new AssertionError(
                "no X-Replsim-List in " + response.headers().map()));
    }

    private static HttpResponse<String> get(ClusterNode node, String path, String cookie, String id)
            throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path)).GET();
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        if (id != null) {
            request.header("X-Replsim-Request", id);
        }
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
        return response;
    }
}
