package io.replsim.node.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.replication.ReplicationSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two nodes in this JVM over SHARED_LOOPBACK, synchronous replication to both: the answer reset switched on through
 * the admin API resets each request's connection after the request was processed and replicated, before any byte
 * of its answer. Requests go over raw sockets, so the test sees the RST itself and every byte that came before it.
 */
class AnswerResetTest {
    private static final String TOKEN = "test-token-" + UUID.randomUUID();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final int READ_TIMEOUT_MS = 10_000;
    private static final Pattern COOKIE = Pattern.compile("(?im)^Set-Cookie: (JSESSIONID=[^;\\r\\n]+)");
    private static final Pattern LIST = Pattern.compile("(?im)^X-Replsim-List: *([^\\r\\n]*)");

    private LoopbackPair nodes;

    @BeforeEach
    void startTwoNodes() throws Exception {
        nodes = LoopbackPair.start(TOKEN, ReplicationSpec.builder().build());
    }

    @AfterEach
    void stopNodes() {
        nodes.close();
    }

    @Test
    void aResetRequestIsAppliedAndReplicatedButItsConnectionIsResetBeforeAnyByteOfTheAnswer() throws Exception {
        String first = send(1, "", 1);
        assertThat(first).startsWith("HTTP/1.1 200");
        Matcher cookie = COOKIE.matcher(first);
        assertThat(cookie.find()).as("the new session's cookie in %s", first).isTrue();
        String session = "Cookie: " + cookie.group(1) + "\r\n";

        assertThat(admin(1, "POST", true).statusCode()).isEqualTo(200);
        try (Socket socket = requestOn(1, session, 2)) {
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            assertThatThrownBy(() -> readUntilTheEnd(socket.getInputStream(), answer))
                    .as("an abortive close (RST), not an answer nor a plain close")
                    .isInstanceOf(SocketException.class).hasMessageContaining("reset");
            assertThat(answer.size()).as("bytes of the answer before the reset").isZero();
        }
        JsonNode state = JSON.readTree(admin(1, "GET", true).body());
        assertThat(state.get("resetting").asBoolean()).isTrue();
        assertThat(state.get("resetConnections").asLong()).isEqualTo(1);

        JsonNode healed = JSON.readTree(admin(1, "DELETE", true).body());
        assertThat(healed.get("resetting").asBoolean()).isFalse();
        assertThat(healed.get("resetConnections").asLong()).as("the count stays for the read before a heal")
                .isEqualTo(1);
        // node2 answers from its own copy: request 2 was stored on node1 and replicated before the reset.
        assertThat(list(send(2, session, 3))).isEqualTo("1,2,3");
        assertThat(list(send(1, session, 4))).isEqualTo("1,2,3,4");
    }

    @Test
    void theResetNeedsTheAdminTokenAndIsOffUntilSwitchedOn() throws Exception {
        assertThat(admin(1, "POST", false).statusCode()).isEqualTo(401);
        assertThat(admin(1, "GET", false).statusCode()).isEqualTo(401);
        JsonNode state = JSON.readTree(admin(1, "GET", true).body());
        assertThat(state.get("resetting").asBoolean()).as("the refused POST switched nothing on").isFalse();
        assertThat(send(1, "", 1)).startsWith("HTTP/1.1 200");
        assertThat(JSON.readTree(admin(1, "GET", true).body()).get("resetConnections").asLong()).isZero();
    }

    private static String list(String answer) {
        Matcher list = LIST.matcher(answer);
        assertThat(list.find()).as("X-Replsim-List in %s", answer).isTrue();
        return list.group(1).replaceAll("[\\[\\] ]", "");
    }

    /** One request on a connection of its own, and its answer read to the end (the node closes after it). */
    private String send(int node, String cookieLine, long requestId) throws IOException {
        try (Socket socket = requestOn(node, cookieLine, requestId)) {
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            readUntilTheEnd(socket.getInputStream(), answer);
            return answer.toString(StandardCharsets.ISO_8859_1);
        }
    }

    private Socket requestOn(int node, String cookieLine, long requestId) throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), nodes.node(node).httpPort());
        socket.setSoTimeout(READ_TIMEOUT_MS);
        String request = "GET /counter HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Replsim-Request: "
                + requestId + "\r\n" + cookieLine + "\r\n";
        socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
        return socket;
    }

    private static void readUntilTheEnd(InputStream in, ByteArrayOutputStream into) throws IOException {
        byte[] buffer = new byte[4096];
        for (int read; (read = in.read(buffer)) != -1; ) {
            into.write(buffer, 0, read);
        }
    }

    private HttpResponse<String> admin(int node, String method, boolean withToken) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + nodes.node(node).adminPort()
                        + "/admin/faults/reset"))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (withToken) {
            request.header("Authorization", "Bearer " + TOKEN);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
