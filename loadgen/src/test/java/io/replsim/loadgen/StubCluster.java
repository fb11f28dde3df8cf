package io.replsim.loadgen;

import io.replsim.loadgen.check.state.ExpectedState;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.script.RequestType;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The counter app of interface doc §2 on the JDK's HttpServer: a few "nodes" on 127.0.0.1 ephemeral ports sharing
 * one in-memory session map (perfect, instant replication), each tagging its responses with {@code X-Replsim-Node}.
 * A node can be made to misbehave so the driver's checks have something to catch. Public for the scenarios' tests of
 * how a run, a capacity step and a soak judge such nodes.
 */
public final class StubCluster implements AutoCloseable {

    public enum Behaviour {
        /** Serves the shared state. */
        FAITHFUL,
        /** Stores the increment but replies with the serial before it, like a replica one write behind. */
        STALE_BY_ONE,
        /** As {@link #STALE_BY_ONE}, answering 40 ms after it read the session: a reply that arrives well after it was asked. */
        STALE_BY_ONE_SLOWLY,
        /** Never recognises a session: every request starts a new one. */
        FORGETFUL,
        /** Answers 503, as a node whose synchronous replication failed. */
        REPLICATION_FAILS,
        /** Serves writes faithfully but answers a read ({@code op=peek}) with the serial before the current one (if any). */
        READS_STALE,
        /**
         * Serves faithfully, but its every second recorded write ({@code X-Replsim-Request}) is answered with its id
         * in the list and never stored: an acknowledged write lost.
         */
        LOSES_RECORDED_WRITES
    }

    /** @param list the ids of the recorded writes it holds ({@code X-Replsim-List}) */
    private record StubSession(long serial, String digest, List<Long> list) {
        StubSession(long serial, String digest) {
            this(serial, digest, List.of());
        }

        StubSession next(long requestId) {
            if (requestId == 0) {
                return new StubSession(serial + 1, digest, list);
            }
            List<Long> grown = new ArrayList<>(list);
            grown.add(requestId);
            return new StubSession(serial + 1, digest, List.copyOf(grown));
        }
    }

    private final Map<String, StubSession> sessions = new ConcurrentHashMap<>();
    private final AtomicLong created = new AtomicLong();
    private final AtomicLong ended = new AtomicLong();
    private final AtomicLong lostWrites = new AtomicLong();
    private final List<StubNode> nodes = new ArrayList<>();
    /** The nodes' TLS, for https nodes; null for http. */
    private final SSLContext tls;

    public StubCluster(Behaviour... behaviours) throws IOException {
        this(null, behaviours);
    }

    private StubCluster(SSLContext tls, Behaviour... behaviours) throws IOException {
        this.tls = tls;
        for (int i = 0; i < behaviours.length; i++) {
            nodes.add(new StubNode("node" + (i + 1), behaviours[i]));
        }
    }

    /** A cluster whose nodes speak https with {@code tls}'s certificate. */
    public static StubCluster overTls(SSLContext tls, Behaviour... behaviours) throws IOException {
        return new StubCluster(tls, behaviours);
    }

    public List<NodeEndpoint> endpoints() {
        return nodes.stream().map(StubNode::endpoint).toList();
    }

    /** Closes the node's listening socket and connections: later connections are refused. */
    void stop(String name) {
        node(name).stop();
    }

    /** Sessions the cluster holds now (created and not ended), on every node and app. */
    int sessionsHeld() {
        return sessions.size();
    }

    /** Sessions created so far, ended ones included. */
    long sessionsCreated() {
        return created.get();
    }

    /** Sessions ended by a request with {@code ?end} (a logout). */
    long sessionsEnded() {
        return ended.get();
    }

    long served(String name) {
        return node(name).served.get();
    }

    /**
     * From now on the node takes each request whole and closes its connection without a byte of an answer, as a
     * node killed with requests in flight does; it still accepts connections.
     */
    void hangUp(String name) {
        node(name).hangingUp = true;
    }

    /**
     * The node's next recorded write to a session it holds, sent on a connection it has answered on before, is
     * applied and then its connection closed without a byte of an answer: what a server's keep-alive timeout
     * closing the connection just as the request came looks like to the client, which sends it once more.
     */
    void applyThenHangUpOnce(String name) {
        node(name).applyThenHangUp.set(true);
    }

    /**
     * From now on the node applies each request at once, as before, and answers it {@code by} later: a node whose
     * answers are late though its writes are in (here at once in every node's copy, the cluster's one map).
     */
    void answerLate(String name, Duration by) {
        node(name).lateBy = by;
    }

    /** The ids of the requests the node applied and then answered late ({@link #answerLate}), or tried to. */
    List<Long> answeredLate(String name) {
        return List.copyOf(node(name).answeredLate);
    }

    /** The ids ({@code X-Replsim-Request}) of the requests the node took, answered or hung up on. */
    List<Long> received(String name) {
        return List.copyOf(node(name).received);
    }

    /** The ids of the requests the node hung up on. */
    List<Long> hungUpOn(String name) {
        return List.copyOf(node(name).hungUpOn);
    }

    private StubNode node(String name) {
        return nodes.stream().filter(n -> n.name.equals(name)).findFirst().orElseThrow();
    }

    @Override
    public void close() {
        nodes.forEach(StubNode::stop);
    }

    private final class StubNode {
        private final String name;
        private final Behaviour behaviour;
        private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        private final HttpServer server;
        private final AtomicLong served = new AtomicLong();
        private final List<Long> received = new CopyOnWriteArrayList<>();
        private final List<Long> hungUpOn = new CopyOnWriteArrayList<>();
        private final List<Long> answeredLate = new CopyOnWriteArrayList<>();
        private volatile Duration lateBy;
        private volatile boolean hangingUp;
        private final AtomicBoolean applyThenHangUp = new AtomicBoolean();
        /** The clients' ends of the connections it answered on: a request from one came on a kept-alive one. */
        private final Set<InetSocketAddress> answeredOn = ConcurrentHashMap.newKeySet();
        private volatile boolean stopped;

        StubNode(String name, Behaviour behaviour) throws IOException {
            this.name = name;
            this.behaviour = behaviour;
            InetSocketAddress any = new InetSocketAddress("127.0.0.1", 0);
            if (tls == null) {
                this.server = HttpServer.create(any, 200);
            } else {
                HttpsServer secure = HttpsServer.create(any, 200);
                secure.setHttpsConfigurator(new HttpsConfigurator(tls));
                this.server = secure;
            }
            server.setExecutor(executor);
            // The apps of a user script: each keeps its sessions apart, as the real apps' state is apart.
            for (String app : List.of("/counter", "/cart", "/profile", "/bean")) {
                server.createContext(app, this::handle);
            }
            server.start();
        }

        NodeEndpoint endpoint() {
            String scheme = tls == null ? "http" : "https";
            return new NodeEndpoint(name, URI.create(scheme + "://127.0.0.1:" + server.getAddress().getPort()));
        }

        private void handle(HttpExchange exchange) throws IOException {
            long taken = requestId(exchange);
            received.add(taken);
            if (hangingUp) {
                hungUpOn.add(taken);
                exchange.close(); // before any header: the server closes the connection, nothing written
                return;
            }
            if (behaviour == Behaviour.REPLICATION_FAILS) {
                reply(exchange, 503, "{\"error\":\"replication failed: stub\"}");
                return;
            }
            String cookie = cookieValue(exchange);
            String id = cookie == null ? null : cookie.substring(0, cookie.indexOf('.') < 0 ? cookie.length() : cookie.indexOf('.'));
            String route = cookie == null || cookie.indexOf('.') < 0 ? null : cookie.substring(cookie.indexOf('.') + 1);
            boolean created;
            long replySerial;
            StubSession state;
            long requestId = requestId(exchange);
            List<Long> shown;
            if (id == null || behaviour == Behaviour.FORGETFUL || !sessions.containsKey(id)) {
                id = HexFormat.of().formatHex(randomBytes(8));
                state = new StubSession(1, HexFormat.of().formatHex(randomBytes(8)));
                if (!isRead(exchange) && !isLogout(exchange) && requestId != 0) {
                    state = new StubSession(1, state.digest(), List.of(requestId));
                }
                sessions.put(id, state);
                shown = state.list();
                StubCluster.this.created.incrementAndGet();
                created = true;
                replySerial = 1;
            } else if (isRead(exchange)) {
                state = sessions.get(id);
                created = false;
                replySerial = behaviour == Behaviour.READS_STALE && state.serial() > 1 ? state.serial() - 1 : state.serial();
                shown = state.list();
            } else if (behaviour == Behaviour.LOSES_RECORDED_WRITES && requestId != 0 && !isLogout(exchange)
                    && lostWrites.incrementAndGet() % 2 == 0) {
                state = sessions.compute(id, (key, old) -> new StubSession(old.serial() + 1, old.digest(), old.list()));
                created = false;
                replySerial = state.serial();
                shown = state.next(requestId).list();
            } else {
                long appended = isLogout(exchange) ? 0 : requestId;
                state = sessions.compute(id, (key, old) -> old.next(appended));
                created = false;
                replySerial = behaviour == Behaviour.STALE_BY_ONE || behaviour == Behaviour.STALE_BY_ONE_SLOWLY
                        ? state.serial() - 1 : state.serial();
                shown = state.list();
            }
            if (behaviour == Behaviour.STALE_BY_ONE_SLOWLY) {
                try {
                    Thread.sleep(40);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (requestId != 0 && !created && !isRead(exchange) && !isLogout(exchange)
                    && answeredOn.contains(exchange.getRemoteAddress()) && applyThenHangUp.compareAndSet(true, false)) {
                hungUpOn.add(requestId);
                exchange.close(); // applied, and nothing written
                return;
            }
            if (requestId != 0) {
                exchange.getResponseHeaders().add("X-Replsim-List",
                        String.join(",", shown.stream().map(String::valueOf).toList()));
            }
            if (isLogout(exchange) && sessions.remove(id) != null) {
                ended.incrementAndGet();
            }
            if (isLogout(exchange)) {
                // as replsim's nodes answer a logout by default (workload.logoutCookie: expire)
                exchange.getResponseHeaders().add("Set-Cookie", "JSESSIONID=" + id + "." + name
                        + "; Path=/; Max-Age=0; HttpOnly");
            } else if (created || !name.equals(route)) {
                exchange.getResponseHeaders().add("Set-Cookie", "JSESSIONID=" + id + "." + name + "; Path=/; HttpOnly");
            }
            Duration late = lateBy;
            if (late != null) {
                answeredLate.add(requestId);
                try {
                    Thread.sleep(late);
                } catch (InterruptedException stopped) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            // The state digest of the serial answered (docs/interfaces.md §2): a stale answer is a whole older state.
            String digest = new ExpectedState(SessionShapes.DEFAULT.of(RequestType.sessionOfPath(
                    exchange.getRequestURI().getPath()).orElseThrow())).digestAt(id, replySerial);
            reply(exchange, 200, "{\"session\":\"" + id + "\",\"serial\":" + replySerial + ",\"node\":\"" + name
                    + "\",\"digest\":\"" + digest + "\",\"created\":" + created + "}");
        }

        /** The request's {@code X-Replsim-Request}, 0 without one. */
        private static long requestId(HttpExchange exchange) {
            String value = exchange.getRequestHeaders().getFirst("X-Replsim-Request");
            return value == null ? 0 : Long.parseLong(value);
        }

        private static boolean isLogout(HttpExchange exchange) {
            String query = exchange.getRequestURI().getRawQuery();
            return query != null && List.of(query.split("&")).contains("end");
        }

        private static boolean isRead(HttpExchange exchange) {
            String query = exchange.getRequestURI().getRawQuery();
            return query != null && query.contains("op=peek");
        }

        private void reply(HttpExchange exchange, int status, String json) throws IOException {
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.getResponseHeaders().add("X-Replsim-Node", name);
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
            served.incrementAndGet();
            answeredOn.add(exchange.getRemoteAddress());
        }

        private static String cookieValue(HttpExchange exchange) {
            for (String header : exchange.getRequestHeaders().getOrDefault("Cookie", List.of())) {
                for (String pair : header.split(";")) {
                    String trimmed = pair.trim();
                    if (trimmed.startsWith("JSESSIONID=")) {
                        return trimmed.substring("JSESSIONID=".length());
                    }
                }
            }
            return null;
        }

        private static byte[] randomBytes(int count) {
            byte[] bytes = new byte[count];
            ThreadLocalRandom.current().nextBytes(bytes);
            return bytes;
        }

        synchronized void stop() {
            if (stopped) {
                return;
            }
            stopped = true;
            server.stop(0);
            executor.shutdownNow();
        }
    }
}
