package io.replsim.node.admin;


import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.replication.ReplicationSpec;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two nodes in this JVM over SHARED_LOOPBACK (no failure detection, so a cut-off member stays in the view and a
 * synchronous replication to it must time out): the fault endpoints switch JGroups DISCARD and the outgoing delay on and off.
 */
class NetworkFaultEndpointsTest {
    private static final String TOKEN = "test-token-" + UUID.randomUUID();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final Duration SYNC_TIMEOUT = Duration.ofMillis(600);

    private LoopbackPair nodes;

    @BeforeEach
    void startTwoNodes() throws Exception {
        nodes = LoopbackPair.start(TOKEN, ReplicationSpec.builder().syncTimeout(SYNC_TIMEOUT).build());
    }

    @AfterEach
    void stopNodes() {
        nodes.close();
    }

    @Test
    void aDiscardBothWaysFailsSynchronousReplicationAndItsRemovalHealsIt() throws Exception {
        assertThat(counter(1).statusCode()).as("healthy").isEqualTo(200);

        assertThat(admin(1, "POST", "/admin/faults/discard", "{\"from\":[\"node2\"]}").statusCode()).isEqualTo(200);
        assertThat(admin(2, "POST", "/admin/faults/discard", "{\"from\":[\"node1\"]}").statusCode()).isEqualTo(200);
        JsonNode state = JSON.readTree(admin(1, "GET", "/admin/faults", null).body());
        assertThat(state.get("discardingFrom")).extracting(JsonNode::asText).containsExactly("node2");

        assertThat(counter(1).statusCode()).as("the backup never acks across the partition").isEqualTo(503);
        // the DISCARD's own count: node2 dropped node1's update (and its retransmissions), node1 node2's messages
        assertThat(JSON.readTree(admin(2, "GET", "/admin/faults", null).body()).get("discardedMessages").asLong())
                .isPositive();
        assertThat(JSON.readTree(admin(2, "GET", "/admin/faults", null).body()).get("delayedMessages").asLong())
                .as("no DELAY is on").isZero();

        assertThat(admin(1, "DELETE", "/admin/faults/discard", null).statusCode()).isEqualTo(200);
        assertThat(admin(2, "DELETE", "/admin/faults/discard", null).statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(admin(1, "GET", "/admin/faults", null).body()).get("discardingFrom")).isEmpty();
        // Messages dropped during the partition are retransmitted first; then new requests replicate again.
        await().atMost(Duration.ofSeconds(10)).until(() -> counter(1).statusCode() == 200);
    }

    @Test
    void aDelaySlowsEveryRequestThatReplicatesThroughTheNodeUntilItIsRemoved() throws Exception {
        counter(1);
        assertThat(admin(1, "POST", "/admin/faults/delay", "{\"delayMs\":300}").statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(admin(1, "GET", "/admin/faults", null).body()).get("delayMs").asLong())
                .isEqualTo(300);

        long slowNanos = timed(() -> assertThat(counter(1).statusCode()).isEqualTo(200));
        assertThat(Duration.ofNanos(slowNanos)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
        assertThat(JSON.readTree(admin(1, "GET", "/admin/faults", null).body()).get("delayedMessages").asLong())
                .as("the DELAY's own count: at least the update it held").isPositive();

        assertThat(admin(1, "DELETE", "/admin/faults/delay", null).statusCode()).isEqualTo(200);
        counter(1);
        long fastNanos = timed(() -> assertThat(counter(1).statusCode()).isEqualTo(200));
        assertThat(Duration.ofNanos(fastNanos)).isLessThan(Duration.ofMillis(300));
    }

    /**
     * JGroups' own DELAY polled its queue without blocking and ignored being stopped: a core busy from the first
     * delay until the JVM exited. The delay's sending thread waits while nothing is due, and ends once healed.
     */
    private static final Duration WATCHED = Duration.ofMillis(500);

    @Test
    void aDelaysThreadWaitsWhileNothingIsDueAndEndsWhenTheDelayIsRemoved() throws Exception {
        assertThat(admin(1, "POST", "/admin/faults/delay", "{\"delayMs\":50}").statusCode()).isEqualTo(200);
        assertThat(counter(1).statusCode()).isEqualTo(200);
        Thread sender = await().atMost(Duration.ofSeconds(5)).until(NetworkFaultEndpointsTest::delaySender,
                java.util.Optional::isPresent).orElseThrow();
        // Little is sent for a while (the pair has no failure detection to send heartbeats): the thread spends
        // almost no CPU. Its CPU time, not its state: a look at its state once caught it RUNNABLE on its way from
        // one wait into the next, after a message of the group's own fell due (a busy machine, beside other JVMs).
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpuBefore = threads.getThreadCpuTime(sender.threadId());
        long wallBefore = System.nanoTime();
        Thread.sleep(WATCHED.toMillis());
        Duration spent = Duration.ofNanos(threads.getThreadCpuTime(sender.threadId()) - cpuBefore);
        Duration watched = Duration.ofNanos(System.nanoTime() - wallBefore);
        assertThat(spent).as("CPU the delay's thread spent in %s with nothing due; now %s: %s", watched,
                sender.getState(), List.of(sender.getStackTrace())).isLessThan(watched.dividedBy(10));

        assertThat(admin(1, "DELETE", "/admin/faults/delay", null).statusCode()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(5)).until(() -> !sender.isAlive());
        assertThat(delaySender()).isEmpty();
        assertThat(counter(1).statusCode()).isEqualTo(200);
    }

    private static java.util.Optional<Thread> delaySender() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith("outgoing-delay-") && thread.isAlive()).findFirst();
    }

    @Test
    void aOneWayLossDropsThatMembersMessagesOnlyUntilItIsRemoved() throws Exception {
        assertThat(counter(1).statusCode()).as("healthy").isEqualTo(200);

        // Every message from node1 lost at node2: node1's updates never reach its backup.
        assertThat(admin(2, "POST", "/admin/faults/loss", "{\"from\":\"node1\",\"probability\":1.0}").statusCode())
                .isEqualTo(200);
        JsonNode state = JSON.readTree(admin(2, "GET", "/admin/faults", null).body());
        assertThat(state.get("losingFrom").asText()).isEqualTo("node1");
        assertThat(state.get("lossProbability").asDouble()).isEqualTo(1.0);
        assertThat(JSON.readTree(admin(1, "GET", "/admin/faults", null).body()).get("losingFrom").asText())
                .as("one direction: node1 loses nothing").isEmpty();
        assertThat(counter(1).statusCode()).as("node2 never receives the update").isEqualTo(503);
        assertThat(JSON.readTree(admin(2, "GET", "/admin/faults", null).body()).get("lostMessages").asLong())
                .as("the lossy link's own count").isPositive();

        assertThat(admin(2, "DELETE", "/admin/faults/loss", null).statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(admin(2, "GET", "/admin/faults", null).body()).get("losingFrom").asText()).isEmpty();
        await().atMost(Duration.ofSeconds(10)).until(() -> counter(1).statusCode() == 200);

        assertThat(admin(2, "POST", "/admin/faults/loss", "{\"from\":\"node1\",\"probability\":0}").statusCode())
                .isEqualTo(400);
        assertThat(admin(2, "POST", "/admin/faults/loss", "{\"from\":\"node2\",\"probability\":0.3}").statusCode())
                .isEqualTo(400);
        assertThat(admin(2, "POST", "/admin/faults/loss", "{\"from\":\"node9\",\"probability\":0.3}").statusCode())
                .isEqualTo(400);
    }

    @Test
    void faultEndpointsRefuseRequestsWithoutTheTokenAndBadBodies() throws Exception {
        for (String path : List.of("/admin/faults/discard", "/admin/faults/delay")) {
            var request = HttpRequest.newBuilder(adminUri(1, path))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"from\":[\"node2\"],\"delayMs\":100}")).build();
            assertThat(HTTP.send(request, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
        }
        assertThat(admin(1, "POST", "/admin/faults/discard", "{\"from\":[\"node9\"]}").statusCode()).isEqualTo(400);
        assertThat(admin(1, "POST", "/admin/faults/discard", "{\"from\":[\"node1\"]}").statusCode()).isEqualTo(400);
        assertThat(admin(1, "POST", "/admin/faults/delay", "{\"delayMs\":0}").statusCode()).isEqualTo(400);
        assertThat(admin(1, "POST", "/admin/faults/delay", "not json").statusCode()).isEqualTo(400);
        JsonNode state = JSON.readTree(admin(1, "GET", "/admin/faults", null).body());
        assertThat(state.get("discardingFrom")).as("nothing was switched on").isEmpty();
        assertThat(state.get("delayMs").asLong()).isZero();
        assertThat(state.get("discardedMessages").asLong() + state.get("delayedMessages").asLong()
                + state.get("lostMessages").asLong()).isZero();
    }

    private interface Action {
        void run() throws Exception;
    }

    private static long timed(Action action) throws Exception {
        long start = System.nanoTime();
        action.run();
        return System.nanoTime() - start;
    }

    private HttpResponse<String> counter(int node) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + nodes.node(node).httpPort()
                + "/counter")).timeout(Duration.ofSeconds(10)).GET().build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private URI adminUri(int node, String path) {
        return URI.create("http://127.0.0.1:" + nodes.node(node).adminPort() + path);
    }

    private HttpResponse<String> admin(int node, String method, String path, String body) throws Exception {
        var request = HttpRequest.newBuilder(adminUri(node, path))
                .header("Authorization", "Bearer " + TOKEN)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
