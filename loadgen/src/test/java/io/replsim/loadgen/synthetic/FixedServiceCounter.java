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
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * A one-node counter app (interface doc §2) with a known capacity: a fixed pool of {@code threads} request threads,
 * each holding a request for {@code serviceTime}. It serves at most threads / serviceTime requests a second, so
 * a closed loop of N users thinking Z saturates at N* = threads·(S + Z)/S, and beyond it R = N/X − Z exactly.
 */
public final class FixedServiceCounter implements AutoCloseable {

    public static final String NODE = "node1";

    private final Duration serviceTime;
    private final int threads;
    private final ExecutorService pool;
    /** The state digest the counter's answers carry (docs/interfaces.md §2), as the driver expects it. */
    private static String digest(String id, long serial) {
        // one model per answer: its cache is not for threads
        return new ExpectedState(new CounterState(SessionShapes.DEFAULT.counterPayloadBytes())).digestAt(id, serial);
    }
    private final HttpServer server;
    private final Map<String, Long> serials = new ConcurrentHashMap<>();
    private final LongAdder holdNanos = new LongAdder();
    private final LongAdder held = new LongAdder();
    /** Each request's hold, by when a pool thread took it. */
    private final Queue<Hold> holds = new ConcurrentLinkedQueue<>();
    private final LongAdder logouts = new LongAdder();

    public FixedServiceCounter(int threads, Duration serviceTime) throws IOException {
        this.threads = threads;
        this.serviceTime = serviceTime;
        this.pool = Executors.newFixedThreadPool(threads);
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1_000);
        server.setExecutor(pool);
        server.createContext("/counter", this::handle);
        server.start();
    }

    /** The most requests a second the pool can serve. */
    public double maxThroughput() {
        return threads / (serviceTime.toNanos() / 1e9);
    }

    public List<NodeEndpoint> endpoints() {
        return List.of(new NodeEndpoint(NODE, URI.create("http://127.0.0.1:" + server.getAddress().getPort())));
    }

    private void handle(HttpExchange exchange) throws IOException {
        long from = System.nanoTime();
        try {
            serve(exchange);
        } finally {
            long hold = System.nanoTime() - from;
            holdNanos.add(hold);
            held.increment();
            holds.add(new Hold(from, hold));
        }
    }

    private record Hold(long fromNanos, long nanos) {
    }

    /** How long a pool thread held a request on average: the service time as served, sleep overshoot included. */
    public Duration meanHoldTime() {
        long count = held.sum();
        return count == 0 ? Duration.ZERO : Duration.ofNanos(holdNanos.sum() / count);
    }

    /**
     * The same for the requests a pool thread took from {@code fromNanos} to {@code toNanos} ({@link System#nanoTime}):
     * a load's steady window, without its first requests, which a cold JVM holds several times longer.
     */
    public Duration meanHoldTime(long fromNanos, long toNanos) {
        long[] sumAndCount = new long[2];
        holds.stream().filter(hold -> hold.fromNanos() - fromNanos >= 0 && toNanos - hold.fromNanos() > 0)
                .forEach(hold -> {
                    sumAndCount[0] += hold.nanos();
                    sumAndCount[1]++;
                });
        return sumAndCount[1] == 0 ? Duration.ZERO : Duration.ofNanos(sumAndCount[0] / sumAndCount[1]);
    }

    private void serve(HttpExchange exchange) throws IOException {
        try {
            Thread.sleep(serviceTime);
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
            exchange.close();
            return;
        }
        String id = SessionCookieHeader.sessionId(exchange);
        boolean created = id == null || !serials.containsKey(id);
        if (created) {
            id = UUID.randomUUID().toString().replace("-", "");
            exchange.getResponseHeaders().add("Set-Cookie", "JSESSIONID=" + id + "." + NODE + "; Path=/; HttpOnly");
        }
        long serial = serials.merge(id, 1L, Long::sum);
        byte[] body = ("{\"session\":\"" + id + "\",\"serial\":" + serial + ",\"node\":\"" + NODE
                + "\",\"digest\":\"" + digest(id, serial) + "\",\"created\":" + created + "}").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.getResponseHeaders().add("X-Replsim-Node", NODE);
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
        if (isLogout(exchange)) {
            serials.remove(id);
            logouts.increment();
        }
    }

    /** The app's logout ({@code ?end}): answered as usual, then the session is gone. */
    private static boolean isLogout(HttpExchange exchange) {
        String query = exchange.getRequestURI().getQuery();
        return query != null && java.util.Arrays.asList(query.split("&")).contains("end");
    }

    /** Logouts answered so far. */
    public long logouts() {
        return logouts.sum();
    }

    /** Sessions created and not ended by a logout. */
    public int sessionsHeld() {
        return serials.size();
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
