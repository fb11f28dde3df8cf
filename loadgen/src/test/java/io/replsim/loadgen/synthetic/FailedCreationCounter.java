package io.replsim.loadgen.synthetic;

import io.replsim.loadgen.check.state.CounterState;
import io.replsim.loadgen.check.state.ExpectedState;
import io.replsim.loadgen.check.state.SessionShapes;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.replsim.loadgen.exchange.NodeEndpoint;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A one-node counter app whose sync replication fails on every session's first request, and which does what a
 * replsim node does then: keeps the session it made (at serial 1), issues its cookie, and answers 503. Every later
 * request is served normally, so a correct oracle sees each session's first judged answer at serial 2.
 */
final class FailedCreationCounter implements AutoCloseable {

    static final String NODE = "node1";

    private final ExecutorService pool = Executors.newFixedThreadPool(4);
    /** The state digest the counter's answers carry (docs/interfaces.md §2), as the driver expects it. */
    private static String digest(String id, long serial) {
        // one model per answer: its cache is not for threads
        return new ExpectedState(new CounterState(SessionShapes.DEFAULT.counterPayloadBytes())).digestAt(id, serial);
    }
    private final HttpServer server;
    private final Map<String, Long> serials = new ConcurrentHashMap<>();

    FailedCreationCounter() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
        server.setExecutor(pool);
        server.createContext("/counter", this::serve);
        server.start();
    }

    List<NodeEndpoint> endpoints() {
        return List.of(new NodeEndpoint(NODE, URI.create("http://127.0.0.1:" + server.getAddress().getPort())));
    }

    /** Sessions created so far, each answered 503 on its first request. */
    int sessionsCreated() {
        return serials.size();
    }

    private void serve(HttpExchange exchange) throws IOException {
        String id = SessionCookieHeader.sessionId(exchange);
        exchange.getResponseHeaders().add("X-Replsim-Node", NODE);
        if (id == null || !serials.containsKey(id)) {
            String created = UUID.randomUUID().toString().replace("-", "");
            serials.put(created, 1L);
            exchange.getResponseHeaders().add("Set-Cookie", "JSESSIONID=" + created + "." + NODE + "; Path=/");
            send(exchange, 503, "{\"error\":\"replication failed: no ack from [node2] within 150 ms\"}");
            return;
        }
        long serial = serials.merge(id, 1L, Long::sum);
        send(exchange, 200, "{\"session\":\"" + id + "\",\"serial\":" + serial + ",\"node\":\"" + NODE
                + "\",\"digest\":\"" + digest(id, serial) + "\",\"created\":false}");
    }

    private static void send(HttpExchange exchange, int status, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }


    @Override
    public void close() throws InterruptedException {
        server.stop(0);
        pool.shutdownNow();
        if (!pool.awaitTermination(5, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the synthetic server's threads did not stop");
        }
    }
}
