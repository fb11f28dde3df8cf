package io.replsim.bench.driver;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The JVM floor counts each answer once, as it reads it to its end, and only 200s as requests. */
class JvmFloorClientTest {

    private static final Duration RUN = Duration.ofMillis(600);

    @Test
    void countsEveryAnswerOnceAndRecordsItsLatency() throws Exception {
        Played played = playAgainst(200, 4, 2);
        JvmFloorClient.Run run = played.run();

        assertThat(run.errors()).isZero();
        assertThat(run.requests()).isPositive();
        // every request handled was answered and read, except those in flight at the deadline (one a connection)
        assertThat(run.requests()).isBetween(played.handled() - 4, played.handled());
        assertThat(run.latencyMicros().getTotalCount()).isEqualTo(run.requests());
        assertThat(run.wallNanos()).isGreaterThanOrEqualTo(RUN.toNanos());
    }

    @Test
    void countsAnAnswerOtherThan200AsAnError() throws Exception {
        Played played = playAgainst(503, 2, 1);

        assertThat(played.run().requests()).isZero();
        assertThat(played.run().errors()).isBetween(played.handled() - 2, played.handled()).isPositive();
    }

    /** A run of the floor and how many requests the server handled meanwhile. */
    private record Played(JvmFloorClient.Run run, long handled) {
    }

    /** The floor for {@link #RUN} against a server answering every request with {@code status}. */
    private static Played playAgainst(int status, int connections, int loops) throws Exception {
        AtomicLong handled = new AtomicLong();
        HttpServer server = answering(status, handled);
        try {
            JvmFloorClient.Run run = JvmFloorClient.run(url(server), connections, RUN, loops);
            return new Played(run, handled.get());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void readsAnAnswerThatComesInPieces() throws Exception {
        AtomicLong answered = new AtomicLong();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofPlatform().daemon().start(() -> answerInPieces(server, answered));
            URI url = URI.create("http://127.0.0.1:" + server.getLocalPort() + "/counter");

            JvmFloorClient.Run run = JvmFloorClient.run(url, 1, RUN, 1);

            assertThat(run.errors()).isZero();
            assertThat(run.requests()).isPositive().isBetween(answered.get() - 1, answered.get());
        }
    }

    private static HttpServer answering(int status, AtomicLong handled) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        byte[] body = "{\"serial\":1}".getBytes(StandardCharsets.US_ASCII);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            // counted before the answer goes: the client cannot have read one the count does not hold yet
            handled.incrementAndGet();
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return server;
    }

    private static URI url(HttpServer server) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/counter");
    }

    /** One connection's answers, each as its status line, then the rest of its headers, then its body. */
    private static void answerInPieces(ServerSocket server, AtomicLong answered) {
        byte[] body = "{\"serial\":1}".getBytes(StandardCharsets.US_ASCII);
        try (Socket socket = server.accept()) {
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            while (readRequest(in)) {
                answered.incrementAndGet(); // before the answer goes, as in answering()
                out.write("HTTP/1.1 200 OK\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                Thread.sleep(1);
                out.write(("content-length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                Thread.sleep(1);
                out.write(body);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // the client closed its connection at its deadline
        }
    }

    /** Reads one request's headers; false at the end of the stream. */
    private static boolean readRequest(InputStream in) throws IOException {
        int matched = 0;
        for (int b = in.read(); b >= 0; b = in.read()) {
            matched = (b == '\r' && matched % 2 == 0) || (b == '\n' && matched % 2 == 1) ? matched + 1 : 0;
            if (matched == 4) {
                return true;
            }
        }
        return false;
    }
}
