package io.replsim.node.app;

import io.replsim.node.stats.RequestCounters;
import io.replsim.node.web.JsonWriter;
import io.replsim.node.web.SessionCookie;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionStore;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import io.undertow.util.StatusCodes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A shopping cart, the session shape of most shops: a growing list of small line items, written back with
 * setAttribute on every request as correct code does. Each request adds a line (the oldest go beyond
 * {@value #MAX_LINES}); {@code serial} counts the lines ever added, in the counter's response format.
 */
public final class CartApp implements HttpHandler {
    public static final String PATH = "/cart";
    static final String CART = "cart";
    static final String ADDED = "added";
    static final String IDENTITY = "identity";
    static final int MAX_LINES = 50;
    private static final HttpString NODE_HEADER = HttpString.tryFromString("X-Replsim-Node");

    private static final Logger log = LoggerFactory.getLogger(CartApp.class);

    private final NodeId self;
    private final SessionStore store;
    private final RequestCounters requests;
    private final JsonWriter json;

    public CartApp(NodeId self, SessionStore store, RequestCounters requests, JsonWriter json) {
        this.self = self;
        this.store = store;
        this.requests = requests;
        this.json = json;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (!Methods.GET.equals(exchange.getRequestMethod())) {
            json.write(exchange, StatusCodes.METHOD_NOT_ALLOWED, new JsonWriter.ErrorBody("use GET"));
            return;
        }
        requests.served();
        exchange.getResponseHeaders().put(NODE_HEADER, self.name());
        try {
            serve(exchange);
        } catch (RuntimeException e) {
            requests.failed();
            log.error("cart request failed", e);
            json.write(exchange, StatusCodes.INTERNAL_SERVER_ERROR, new JsonWriter.ErrorBody(e.toString()));
        }
    }

    @SuppressWarnings("unchecked")
    private void serve(HttpServerExchange exchange) {
        Optional<SessionCookie> cookie = SessionCookie.from(exchange.getRequestCookie(SessionCookie.NAME));
        try (ActiveSession active = cookie.flatMap(c -> store.find(c.id())).orElseGet(store::create)) {
            Session session = active.session();
            if (active.created()) {
                byte[] identity = new byte[32];
                ThreadLocalRandom.current().nextBytes(identity);
                session.setAttribute(IDENTITY, identity);
                session.setAttribute(ADDED, 0L);
                session.setAttribute(CART, new ArrayList<HashMap<String, Serializable>>());
            }
            long added = (Long) session.getAttribute(ADDED).orElseThrow() + 1;
            var cart = new ArrayList<>((ArrayList<HashMap<String, Serializable>>) session.getAttribute(CART)
                    .orElseThrow());
            cart.add(line(added));
            while (cart.size() > MAX_LINES) {
                cart.removeFirst();
            }
            session.setAttribute(CART, cart);
            session.setAttribute(ADDED, added);
            if (cookie.map(c -> !c.route().equals(self) || !c.id().equals(session.id())).orElse(true)) {
                exchange.setResponseCookie(new SessionCookie(session.id(), self).toCookie());
            }
            try {
                store.update(active);
            } catch (ReplicationException e) {
                requests.failed();
                log.warn("session {}: replication failed, answering 503: {}", session.id(), e.getMessage());
                json.write(exchange, StatusCodes.SERVICE_UNAVAILABLE,
                        new JsonWriter.ErrorBody("replication failed: " + e.getMessage()));
                return;
            }
            byte[] identity = (byte[]) session.getAttribute(IDENTITY).orElseThrow();
            json.write(exchange, StatusCodes.OK, new CounterApp.CounterResponse(session.id().value(), (int) added,
                    self.name(), PayloadDigest.of(identity), active.created()));
        }
    }

    private static HashMap<String, Serializable> line(long number) {
        var random = ThreadLocalRandom.current();
        var line = new HashMap<String, Serializable>();
        line.put("sku", "SKU-" + random.nextInt(100_000));
        line.put("quantity", 1 + random.nextInt(5));
        line.put("priceCents", (long) random.nextInt(100_000));
        line.put("line", number);
        return line;
    }
}
