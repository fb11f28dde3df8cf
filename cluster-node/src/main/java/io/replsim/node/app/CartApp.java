package io.replsim.node.app;

import io.replsim.node.stats.RequestCounters;
import io.replsim.node.web.JsonWriter;
import io.replsim.replication.NodeId;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionStore;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
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

    private final SessionRequests sessions;

    public CartApp(NodeId self, SessionStore store, RequestCounters requests, JsonWriter json) {
        this.sessions = new SessionRequests("cart", self, store, requests, json);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        sessions.handle(exchange, this::addLine);
    }

    @SuppressWarnings("unchecked")
    private SessionRequests.Answer addLine(ActiveSession active) {
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
        // The oracle's read: peeked, so that checking the identity never changes what gets replicated.
        return new SessionRequests.Answer(added, (byte[]) session.peekAttribute(IDENTITY).orElseThrow());
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
