package io.replsim.loadgen.foreign;

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
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A team's app that says whether its session content is intact: the count in JSON ({@code {"hits":7,"intact":true}})
 * and the header {@code X-Content: intact}. With {@code flipEvery} above 0 every that many-th answer of a session
 * says otherwise ({@code X-Content: damaged}, {@code "intact":false}) while the count goes on, as a session whose
 * serial survived a failover and whose cart did not; it counts those answers and their sessions.
 */
final class FlippingApp implements AutoCloseable {

    static final String PATH = "/app/hits";

    private final Map<String, Long> hits = new ConcurrentHashMap<>();
    private final Set<String> flippedSessions = ConcurrentHashMap.newKeySet();
    private final AtomicLong flipped = new AtomicLong();
    private final long flipEvery;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

    FlippingApp(long flipEvery) throws IOException {
        this.flipEvery = flipEvery;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
        server.setExecutor(executor);
        server.createContext(PATH, this::handle);
        server.start();
    }

    List<NodeEndpoint> endpoints() {
        return List.of(new NodeEndpoint("a", URI.create("http://127.0.0.1:" + server.getAddress().getPort())));
    }

    long flippedAnswers() {
        return flipped.get();
    }

    int flippedSessions() {
        return flippedSessions.size();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String id = null;
        for (String header : exchange.getRequestHeaders().getOrDefault("Cookie", List.of())) {
            for (String pair : header.split(";")) {
                if (pair.trim().startsWith("SID=")) {
                    String value = pair.trim().substring(4);
                    id = value.contains(".") ? value.substring(0, value.indexOf('.')) : value;
                }
            }
        }
        long count;
        if (id == null || !hits.containsKey(id)) {
            id = UUID.randomUUID().toString().replace("-", "");
            count = 1;
            hits.put(id, count);
            exchange.getResponseHeaders().add("Set-Cookie", "SID=" + id + ".a; Path=/app");
        } else {
            count = hits.merge(id, 1L, Long::sum);
        }
        boolean intact = flipEvery == 0 || count % flipEvery != 0;
        if (!intact) {
            flipped.incrementAndGet();
            flippedSessions.add(id);
        }
        byte[] body = ("{\"hits\":" + count + ",\"intact\":" + intact + "}").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("X-Content", intact ? "intact" : "damaged");
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
