package io.replsim.loadgen.exchange;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.OutputStream;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocketFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
            Response chunked = connection.get("/chunked", null, 0, false, TIMEOUT, null);
            assertThat(new String(chunked.body(), StandardCharsets.UTF_8)).isEqualTo("hello " + big);
            assertThat(chunked.setCookies()).containsExactly("SID=abc.n1; Path=/");
            assertThat(chunked.reusable()).isTrue();
            Response fixed = connection.get("/fixed", "SID=abc.n1", 0, false, TIMEOUT, "x-replsim-node");
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
    void speaksHttpsToANodeAtAnHttpsAddressOverOneKeptConnection() throws Exception {
        SelfSignedTls tls = SelfSignedTls.forLoopback();
        HttpsServer server = httpsCounter(tls);
        ConnectionCount count = new ConnectionCount();
        try (HttpConnection connection = HttpConnection.open(
                URI.create("https://127.0.0.1:" + server.getAddress().getPort()), TIMEOUT, count, false,
                tls.trustingClient().context().getSocketFactory())) {
            Response first = connection.get("/counter?1", null, 0, false, TIMEOUT, null);
            Response second = connection.get("/counter?2", "SID=tls.n1", 0, false, TIMEOUT, null);

            assertThat(new String(first.body(), StandardCharsets.UTF_8)).isEqualTo("{\"serial\":1}");
            assertThat(first.setCookies()).containsExactly("SID=tls.n1; Path=/");
            assertThat(new String(second.body(), StandardCharsets.UTF_8)).isEqualTo("{\"serial\":2}");
            assertThat(second.reusable()).isTrue();
        } finally {
            server.stop(0);
        }
        assertThat(count.snapshot(ConnectionMode.PER_USER)).isEqualTo(
                new ConnectionCount.Connections(ConnectionMode.PER_USER, 1, 0, 1));
    }

    @Test
    void aNodeWhoseCertificateIsNotTrustedIsRefusedAtTheHandshake() throws Exception {
        HttpsServer server = httpsCounter(SelfSignedTls.forLoopback());
        try (HttpConnection connection = HttpConnection.open(
                URI.create("https://127.0.0.1:" + server.getAddress().getPort()), TIMEOUT, new ConnectionCount(),
                false, (SSLSocketFactory) SSLSocketFactory.getDefault())) {
            assertThatThrownBy(() -> connection.get("/counter", null, 0, false, TIMEOUT, null))
                    .isInstanceOf(SSLHandshakeException.class);
        } finally {
            server.stop(0);
        }
    }

    /** An https server presenting {@code tls}'s certificate whose /counter?N answers {"serial":N} with a cookie. */
    private static HttpsServer httpsCounter(SelfSignedTls tls) throws IOException {
        HttpsServer server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 10);
        server.setHttpsConfigurator(new HttpsConfigurator(tls.serverContext()));
        server.createContext("/counter", exchange -> {
            byte[] body = ("{\"serial\":" + exchange.getRequestURI().getQuery() + "}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Set-Cookie", "SID=tls.n1; Path=/");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return server;
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
                Response response = connection.get("/", null, 0, false, TIMEOUT, null);
                assertThat(response.status()).isEqualTo(200);
                assertThat(new String(response.body(), StandardCharsets.ISO_8859_1)).isEqualTo("hits=4");
                assertThat(response.reusable()).isFalse();
            }
            answer.join();
        }
    }

    /**
     * Headers are read in place as bytes: names in any case, a line longer than the read-ahead buffer, answers
     * arriving a few bytes at a time, a status line without a reason, and a node's name kept across answers.
     */
    @Test
    void readsHeadersInAnyCaseSplitAcrossReadsAndLongerThanTheBuffer() throws Exception {
        String longCookie = "SID=" + "c".repeat(12_000) + ".n1";
        String first = "HTTP/1.1 200 OK\r\nSET-COOKIE: " + longCookie + "\r\nx-rEPLSIM-node:  n1 \r\n"
                + "Content-Length: 5\r\n\r\nfirst";
        String second = "HTTP/1.1 503\r\nX-Replsim-Node: n1\r\nCONNECTION: Close\r\ncontent-length: 6\r\n\r\nsecond";
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Thread answer = Thread.ofVirtual().start(() -> {
                try (Socket socket = server.accept()) {
                    socket.setTcpNoDelay(true);
                    for (String response : new String[] {first, second}) {
                        socket.getInputStream().read(new byte[1024]);
                        byte[] bytes = response.getBytes(StandardCharsets.ISO_8859_1);
                        for (int at = 0; at < bytes.length; at += 7) { // a few bytes per write: lines split anywhere
                            socket.getOutputStream().write(bytes, at, Math.min(7, bytes.length - at));
                            socket.getOutputStream().flush();
                        }
                    }
                } catch (java.io.IOException ignored) {
                    // the test's assertions say what went wrong
                }
            });
            try (HttpConnection connection = HttpConnection.open(
                    URI.create("http://127.0.0.1:" + server.getLocalPort()), TIMEOUT, new ConnectionCount())) {
                Response one = connection.get("/", null, 0, false, TIMEOUT, "set-cookie");
                assertThat(one.status()).isEqualTo(200);
                assertThat(one.setCookies()).containsExactly(longCookie);
                assertThat(one.wantedHeader()).isEqualTo(longCookie);
                assertThat(one.node()).isEqualTo("n1");
                assertThat(new String(one.body(), StandardCharsets.ISO_8859_1)).isEqualTo("first");
                assertThat(one.reusable()).isTrue();
                Response two = connection.get("/", "SID=x", 0, false, TIMEOUT, null);
                assertThat(two.status()).isEqualTo(503);
                assertThat(two.setCookies()).isEmpty();
                assertThat(two.node()).isEqualTo("n1");
                assertThat(new String(two.body(), StandardCharsets.ISO_8859_1)).isEqualTo("second");
                assertThat(two.reusable()).isFalse();
            }
            answer.join();
        }
    }

    @Test
    void anAnswerThatIsNotHttpIsAnErrorNamingIt() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Thread answer = Thread.ofVirtual().start(() -> {
                try (Socket socket = server.accept()) {
                    socket.getInputStream().read(new byte[1024]);
                    socket.getOutputStream().write("SSH-2.0-OpenSSH_9.6\r\n".getBytes(StandardCharsets.ISO_8859_1));
                } catch (java.io.IOException ignored) {
                    // the test's assertions say what went wrong
                }
            });
            try (HttpConnection connection = HttpConnection.open(
                    URI.create("http://127.0.0.1:" + server.getLocalPort()), TIMEOUT, new ConnectionCount())) {
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> connection.get("/", null, 0, false, TIMEOUT, null))
                        .isInstanceOf(java.io.IOException.class).hasMessageContaining("not an HTTP status line: SSH-2.0");
            }
            answer.join();
        }
    }

    /**
     * A virtual user's read of an answer that is not there yet when the request has gone (it lets the other users
     * run first, then reads): both answers on the kept connection come back whole, each to its own request.
     */
    @Test
    void aVirtualUserReadsAnswersThatComeAfterItsRequest() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Thread answer = Thread.ofVirtual().start(() -> {
                try (Socket socket = server.accept()) {
                    for (int serial = 1; serial <= 2; serial++) {
                        socket.getInputStream().read(new byte[1024]); // the answer is written only after this
                        String body = "{\"serial\":" + serial + "}";
                        socket.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Length: " + body.length()
                                + "\r\n\r\n" + body).getBytes(StandardCharsets.ISO_8859_1));
                    }
                } catch (java.io.IOException ignored) {
                    // the test's assertions say what went wrong
                }
            });
            java.util.concurrent.atomic.AtomicReference<String> bodies = new java.util.concurrent.atomic.AtomicReference<>();
            Thread user = Thread.ofVirtual().start(() -> {
                try (HttpConnection connection = HttpConnection.open(
                        URI.create("http://127.0.0.1:" + server.getLocalPort()), TIMEOUT, new ConnectionCount(), true)) {
                    String first = new String(connection.get("/", null, 0, false, TIMEOUT, null).body(),
                            StandardCharsets.ISO_8859_1);
                    String second = new String(connection.get("/", null, 0, false, TIMEOUT, null).body(),
                            StandardCharsets.ISO_8859_1);
                    bodies.set(first + " " + second);
                } catch (java.io.IOException e) {
                    bodies.set(e.toString());
                }
            });
            user.join();
            answer.join();
            assertThat(bodies.get()).isEqualTo("{\"serial\":1} {\"serial\":2}");
        }
    }
}
