package io.replsim.loadgen.exchange;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The driver's own HTTP/1.1: the three ways an answer's body may end, and keep-alive. */
@Timeout(20)
class HttpConnectionTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @Test
    void readsChunkedAndFixedLengthBodiesAndKeepsTheConnection() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 10);
        String big = "x".repeat(20_000); // longer than the read-ahead buffer
        server.createContext("/chunked", exchange -> {
            exchange.getResponseHeaders().add("Set-Cookie", "SID=abc.n1; Path=/");
            exchange.sendResponseHeaders(200, 0); // length unknown: chunked
            try (OutputStream out = exchange.getResponseBody()) {
                out.write("hello ".getBytes(StandardCharsets.UTF_8));
                out.flush();
                out.write(big.getBytes(StandardCharsets.UTF_8));
            }
        });
        server.createContext("/fixed", exchange -> {
            byte[] body = "{\"serial\":3}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("X-Replsim-Node", "n1");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        ConnectionCount count = new ConnectionCount();
        try (HttpConnection connection = HttpConnection.open(
                URI.create("http://127.0.0.1:" + server.getAddress().getPort()), TIMEOUT, count)) {
            HttpConnection.Response chunked = connection.get("/chunked", null, false, TIMEOUT, null);
            assertThat(new String(chunked.body(), StandardCharsets.UTF_8)).isEqualTo("hello " + big);
            assertThat(chunked.setCookies()).containsExactly("SID=abc.n1; Path=/");
            assertThat(chunked.reusable()).isTrue();
            HttpConnection.Response fixed = connection.get("/fixed", "SID=abc.n1", false, TIMEOUT, "x-replsim-node");
            assertThat(new String(fixed.body(), StandardCharsets.UTF_8)).isEqualTo("{\"serial\":3}");
            assertThat(fixed.node()).isEqualTo("n1");
            assertThat(fixed.wantedHeader()).isEqualTo("n1");
        } finally {
            server.stop(0);
        }
        assertThat(count.snapshot(ConnectionMode.PER_USER)).isEqualTo(
                new ConnectionCount.Connections(ConnectionMode.PER_USER, 1, 0, 1));
    }

    @Test
    void aBodyWithoutLengthEndsWithTheConnectionWhichIsThenNotReused() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Thread answer = Thread.ofVirtual().start(() -> {
                try (Socket socket = server.accept()) {
                    socket.getInputStream().read(new byte[1024]);
                    socket.getOutputStream().write("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nhits=4"
                            .getBytes(StandardCharsets.ISO_8859_1));
                } catch (java.io.IOException ignored) {
                    // the test's assertions say what went wrong
                }
            });
            try (HttpConnection connection = HttpConnection.open(
                    URI.create("http://127.0.0.1:" + server.getLocalPort()), TIMEOUT, new ConnectionCount())) {
                HttpConnection.Response response = connection.get("/", null, false, TIMEOUT, null);
                assertThat(response.status()).isEqualTo(200);
                assertThat(new String(response.body(), StandardCharsets.ISO_8859_1)).isEqualTo("hits=4");
                assertThat(response.reusable()).isFalse();
            }
            answer.join();
        }
    }
}
