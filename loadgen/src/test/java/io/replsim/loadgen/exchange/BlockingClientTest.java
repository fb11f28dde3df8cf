package io.replsim.loadgen.exchange;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class BlockingClientTest {

    @Test
    void failuresAreSortedIntoConnectTimeoutAndIo() {
        assertThat(BlockingClient.kindOf(new ConnectException("refused"))).isEqualTo(ErrorKind.CONNECT);
        assertThat(BlockingClient.kindOf(new IOException("wrapped", new ConnectException()))).isEqualTo(ErrorKind.CONNECT);
        assertThat(BlockingClient.kindOf(new HttpConnectTimeoutException("connect timed out"))).isEqualTo(ErrorKind.CONNECT);
        assertThat(BlockingClient.kindOf(new HttpTimeoutException("request timed out"))).isEqualTo(ErrorKind.TIMEOUT);
        assertThat(BlockingClient.kindOf(new IOException("Connection reset"))).isEqualTo(ErrorKind.IO);
    }

    @Test
    void aClosedPortIsARefusedConnection() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = socket.getLocalPort();
        }
        NodeEndpoint gone = new NodeEndpoint("gone", URI.create("http://127.0.0.1:" + port));
        try (BlockingClient client = new BlockingClient(List.of(gone), "/counter", Duration.ofSeconds(2))) {
            Exchange exchange = client.get(gone, Optional.empty());
            assertThat(exchange).isInstanceOfSatisfying(Exchange.Failed.class,
                    failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.CONNECT));
        }
    }

    /** A connect that never completes (SYNs dropped) never reached the node: a connect failure, as the event loop's. */
    @Test
    void aConnectThatNeverCompletesIsAConnectFailure() throws Exception {
        try (FullBacklog full = new FullBacklog()) {
            NodeEndpoint node = new NodeEndpoint("cut", URI.create("http://127.0.0.1:" + full.port()));
            try (BlockingClient client = new BlockingClient(List.of(node), "/counter", Duration.ofMillis(300))) {
                Exchange exchange = client.get(node, Optional.empty());
                assertThat(exchange).isInstanceOfSatisfying(Exchange.Failed.class,
                        failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.CONNECT));
            }
        }
    }

    /**
     * A balancer's attempt shorter than the request timeout gives up a hanging connect at its own end, as the event
     * loop's attempt deadline does, not after the request timeout (a minute here, which the deadline would catch).
     */
    @Test
    void aConnectThatNeverCompletesEndsWithTheAttemptNotTheRequestTimeout() throws Exception {
        try (FullBacklog full = new FullBacklog()) {
            NodeEndpoint node = new NodeEndpoint("cut", URI.create("http://127.0.0.1:" + full.port()));
            try (BlockingClient client = new BlockingClient(List.of(node), "/counter", Duration.ofMinutes(1))) {
                Exchange exchange = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> client.get(node,
                        client.defaultPath(), Optional.empty(), 1, Optional.of(Duration.ofMillis(300))));
                assertThat(exchange).isInstanceOfSatisfying(Exchange.Failed.class,
                        failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.CONNECT));
            }
        }
    }

    @Test
    void aServerThatNeverAnswersIsATimeout() throws Exception {
        // accepts the connection (backlog) but never reads or answers
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            NodeEndpoint node = new NodeEndpoint("silent", URI.create("http://127.0.0.1:" + silent.getLocalPort()));
            try (BlockingClient client = new BlockingClient(List.of(node), "/counter", Duration.ofMillis(300))) {
                Exchange exchange = client.get(node, Optional.empty());
                assertThat(exchange).isInstanceOfSatisfying(Exchange.Failed.class,
                        failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.TIMEOUT));
            }
        }
    }

    /**
     * A connection that ends before its first answer was not closed while idle (it never was): the node is failing,
     * so the request is an I/O failure of unknown outcome at once, not sent again on a new connection.
     */
    @Test
    @org.junit.jupiter.api.Timeout(20)
    void aNewConnectionThatEndsBeforeAnyAnswerIsAFailureNotRetried() throws Exception {
        try (ScriptedServer hangsUp = new ScriptedServer(serial -> "", Integer.MAX_VALUE, Duration.ZERO, 0)) {
            NodeEndpoint node = new NodeEndpoint("n1", URI.create("http://127.0.0.1:" + hangsUp.port()));
            try (BlockingClient client = new BlockingClient(List.of(node), "/counter", List.of(), Duration.ofSeconds(2),
                    ConnectionMode.PER_USER)) {
                assertThat(client.get(node, Optional.empty())).isInstanceOfSatisfying(Exchange.Failed.class,
                        failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.IO));
                assertThat(client.connections().opened()).isEqualTo(1);
            }
        }
    }

    /**
     * A node that takes the request whole and closes the connection without a byte of an answer leaves it
     * unanswered (a read may then go on to another node); one that closes after its answer's first line does not.
     */
    @Test
    @org.junit.jupiter.api.Timeout(20)
    void aRequestClosedOnBeforeAnyByteOfAnAnswerIsUnansweredOneWhoseAnswerBeganIsNot() throws Exception {
        try (ScriptedServer hangsUp = new ScriptedServer(serial -> "", Integer.MAX_VALUE, Duration.ZERO, 1);
             ScriptedServer breaksOff = new ScriptedServer(serial -> "HTTP/1.1 200 OK\r\n", Integer.MAX_VALUE,
                     Duration.ZERO, 1)) {
            NodeEndpoint silent = new NodeEndpoint("n1", URI.create("http://127.0.0.1:" + hangsUp.port()));
            NodeEndpoint partial = new NodeEndpoint("n2", URI.create("http://127.0.0.1:" + breaksOff.port()));
            try (BlockingClient client = new BlockingClient(List.of(silent, partial), "/counter", List.of(),
                    Duration.ofSeconds(2), ConnectionMode.PER_USER)) {
                assertThat(client.get(silent, Optional.empty())).isInstanceOfSatisfying(Exchange.Failed.class,
                        failed -> {
                            assertThat(failed.kind()).isEqualTo(ErrorKind.IO);
                            assertThat(failed.unanswered()).isTrue();
                        });
                assertThat(client.get(partial, Optional.empty())).isInstanceOfSatisfying(Exchange.Failed.class,
                        failed -> {
                            assertThat(failed.kind()).isEqualTo(ErrorKind.IO);
                            assertThat(failed.unanswered()).isFalse();
                        });
            }
        }
    }

    private static final String ANSWER_BODY = "{\"session\":\"abc\",\"serial\":1,\"node\":\"n1\","
            + "\"digest\":\"0123456789abcdef\",\"created\":true}";

    /**
     * The node answers on a kept-alive connection, closes it and stops listening: the next request goes out whole
     * on that connection, which fails, and a new connection is refused. The node could have processed the request:
     * reset/io (unknown outcome), never "refused". The request after it, on no kept-alive connection, is refused.
     */
    @Test
    @org.junit.jupiter.api.Timeout(20)
    void aKeptAliveConnectionThatFailsAfterItsRequestWentOutIsAnUnknownOutcomeNotARefusal() throws Exception {
        for (ConnectionMode mode : List.of(ConnectionMode.SHARED_POOL, ConnectionMode.PER_USER)) {
            ScriptedServer server = new ScriptedServer(serial -> "HTTP/1.1 200 OK\r\nContent-Length: "
                    + ANSWER_BODY.length() + "\r\n\r\n" + ANSWER_BODY, Integer.MAX_VALUE, Duration.ZERO, 1);
            NodeEndpoint node = new NodeEndpoint("n1", URI.create("http://127.0.0.1:" + server.port()));
            try (server; BlockingClient client = new BlockingClient(List.of(node), "/counter", List.of(),
                    Duration.ofSeconds(2), mode)) {
                assertThat(client.get(node, Optional.empty())).isInstanceOf(Exchange.Answered.class);
                assertThat(server.awaitClosedByServer(Duration.ofSeconds(5))).isTrue();
                server.close();

                assertThat(client.get(node, Optional.empty())).as(mode.label())
                        .isInstanceOfSatisfying(Exchange.Failed.class, failed -> {
                            assertThat(failed.kind()).isEqualTo(ErrorKind.IO);
                            assertThat(failed.detail()).contains("outcome unknown");
                            assertThat(failed.unanswered()).as("no byte of an answer came").isTrue();
                        });
                assertThat(client.get(node, Optional.empty())).isInstanceOfSatisfying(Exchange.Failed.class,
                        failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.CONNECT));
            }
        }
    }

    /** A late request's connection is closed, so the next request goes on a new one and is answered. */
    @Test
    @org.junit.jupiter.api.Timeout(20)
    void aLateRequestEndsAsATimeoutAndItsConnectionIsNotReused() throws Exception {
        byte[] answer = ("HTTP/1.1 200 OK\r\nContent-Length: 83\r\n\r\n{\"session\":\"abc\",\"serial\":1,\"node\":"
                + "\"n1\",\"digest\":\"0123456789abcdef\",\"created\":true}").getBytes(StandardCharsets.ISO_8859_1);
        try (ServerSocket server = new ServerSocket(0, 2, InetAddress.getByName("127.0.0.1"))) {
            Thread serving = Thread.ofVirtual().start(() -> {
                try (Socket silent = server.accept(); Socket answering = server.accept()) {
                    silent.getInputStream().read(new byte[1024]); // read, never answered
                    answering.getInputStream().read(new byte[1024]);
                    answering.getOutputStream().write(answer);
                    answering.getInputStream().read(); // until the client closes
                } catch (IOException ignored) {
                    // the test's assertions say what went wrong
                }
            });
            NodeEndpoint node = new NodeEndpoint("n1", URI.create("http://127.0.0.1:" + server.getLocalPort()));
            try (BlockingClient client = new BlockingClient(List.of(node), "/counter", List.of(), Duration.ofMillis(300),
                    ConnectionMode.PER_USER)) {
                assertThat(client.get(node, Optional.empty())).isInstanceOfSatisfying(Exchange.Failed.class,
                        failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.TIMEOUT));
                assertThat(client.get(node, Optional.empty())).isInstanceOfSatisfying(Exchange.Answered.class,
                        answered -> assertThat(answered.status()).isEqualTo(200));
                assertThat(client.connections().opened()).isEqualTo(2);
            }
            serving.join();
        }
    }

    /**
     * A killed node's pooled connections are all dead: the first request to it goes out on its idle connection,
     * which fails, tries a new one and is refused; it was sent, so its outcome is unknown (reset/io), not a refusal.
     * Every later request is refused at once instead of failing on the next dead pooled connection as a reset.
     */
    @Test
    @org.junit.jupiter.api.Timeout(20)
    void afterANodeDiesItsPooledConnectionsAreDroppedSoEveryRequestIsARefusal() throws Exception {
        int concurrent = 4;
        var allArrived = new java.util.concurrent.CountDownLatch(concurrent);
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), concurrent);
        server.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/counter", exchange -> {
            allArrived.countDown();
            try {
                allArrived.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = ("{\"session\":\"abc\",\"serial\":1,\"node\":\"n1\",\"digest\":\"0123456789abcdef\","
                    + "\"created\":true}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        NodeEndpoint node = new NodeEndpoint("n1", URI.create("http://127.0.0.1:" + server.getAddress().getPort()));
        try (BlockingClient client = new BlockingClient(List.of(node), "/counter", Duration.ofSeconds(2))) {
            List<Thread> users = new java.util.ArrayList<>();
            for (int i = 0; i < concurrent; i++) {
                users.add(Thread.ofVirtual().start(() -> {
                    try {
                        client.get(node, Optional.empty());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
            }
            for (Thread user : users) {
                user.join();
            }
            assertThat(client.connections().open()).as("idle pooled connections").isEqualTo(concurrent);

            server.stop(0);

            assertThat(client.get(node, Optional.empty())).isInstanceOfSatisfying(Exchange.Failed.class,
                    failed -> assertThat(failed.kind()).as("sent on a kept-alive connection").isEqualTo(ErrorKind.IO));
            for (int request = 1; request < concurrent; request++) {
                assertThat(client.get(node, Optional.empty())).isInstanceOfSatisfying(Exchange.Failed.class,
                        failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.CONNECT));
            }
            assertThat(client.connections().open()).isZero();
        }
    }
}
