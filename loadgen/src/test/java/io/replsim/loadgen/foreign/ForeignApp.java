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
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Someone else's app, unlike replsim's: session cookie {@code SID=<id>.<node>}, the count in plain text
 * ({@code hits=7}) and in a header ({@code X-Hits}), at {@code /shop/hits}. Its nodes share one session map. With
 * {@code forgetEvery} above 0 it loses a session every that many requests (a new id, count 1), as a cluster
 * without replication does after a failover.
 */
public final class ForeignApp implements AutoCloseable {

    public static final String PATH = "/shop/hits";

    private final Map<String, Long> hits = new ConcurrentHashMap<>();
    private final AtomicLong served = new AtomicLong();
    private final long forgetEvery;
    private final List<HttpServer> servers;
    private final List<Integer> ports = new java.util.ArrayList<>();
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final List<String> names;

    public ForeignApp(long forgetEvery, String... names) throws IOException {
        this.forgetEvery = forgetEvery;
        this.names = List.of(names);
        this.servers = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (String name : names) {
            HttpServer server = serve(name, 0);
            servers.add(server);
            ports.add(server.getAddress().getPort());
        }
    }

    private HttpServer serve(String name, int port) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 100);
        server.setExecutor(executor);
        server.createContext(PATH, exchange -> handle(exchange, name));
        server.start();
        return server;
    }

    /** The node stops answering, as a killed server does: its port refuses connections. */
    public synchronized void stop(String node) {
        servers.get(names.indexOf(node)).stop(0);
    }

    /** The node answers again on its old port, with the sessions the others kept. */
    public synchronized void start(String node) throws IOException {
        int index = names.indexOf(node);
        servers.set(index, serve(node, ports.get(index)));
    }

    public List<NodeEndpoint> endpoints() {
        List<NodeEndpoint> endpoints = new java.util.ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            endpoints.add(new NodeEndpoint(names.get(i),
                    URI.create("http://127.0.0.1:" + ports.get(i))));
        }
        return endpoints;
    }

    private void handle(HttpExchange exchange, String node) throws IOException {
        String id = null;
        for (String header : exchange.getRequestHeaders().getOrDefault("Cookie", List.of())) {
            for (String pair : header.split(";")) {
                if (pair.trim().startsWith("SID=")) {
                    String value = pair.trim().substring(4);
                    id = value.contains(".") ? value.substring(0, value.indexOf('.')) : value;
                }
            }
        }
        boolean forget = forgetEvery > 0 && served.incrementAndGet() % forgetEvery == 0;
        long count;
        if (id == null || forget || !hits.containsKey(id)) {
            id = UUID.randomUUID().toString().replace("-", "");
            count = 1;
            hits.put(id, count);
            exchange.getResponseHeaders().add("Set-Cookie", "SID=" + id + "." + node + "; Path=/shop");
        } else {
            count = hits.merge(id, 1L, Long::sum);
        }
        byte[] body = ("<html>hits=" + count + "</html>").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("X-Hits", Long.toString(count));
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        servers.forEach(server -> server.stop(0));
        executor.shutdownNow();
    }
}
