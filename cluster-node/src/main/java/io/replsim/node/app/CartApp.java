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

/**
 * A shopping cart, the session shape of most shops: a growing list of small line items, written back with
 * setAttribute on every request as correct code does. Each request adds a line (the oldest go beyond
 * {@value #MAX_LINES}); {@code serial} counts the lines ever added, in the counter's response format. A line's
 * content is derived from the session id and its number (docs/interfaces.md §2d), so the driver knows the cart.
 * {@code ?op=read} shows the cart without writing it: it gets the cart (a mutable list) and the count (a
 * {@code Long}) and sets nothing, so set-and-non-primitive-get replicates the cart and set nothing.
 */
public final class CartApp implements HttpHandler {
    public static final String PATH = "/cart";
    static final String CART = "cart";
    static final String ADDED = "added";
    static final String IDENTITY = "identity";
    static final int MAX_LINES = 50;
    private static final int IDENTITY_BYTES = 32;

    private final SessionRequests sessions;

    public CartApp(NodeId self, SessionStore store, RequestCounters requests, JsonWriter json,
                   LogoutCookie logoutCookie) {
        this.sessions = new SessionRequests("cart", self, store, requests, json, logoutCookie);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        switch (SessionRequests.operation(exchange, "add")) {
            case "add" -> sessions.handle(exchange, this::addLine);
            case "read" -> sessions.handleRead(exchange, this::read);
            default -> sessions.reject(exchange, "op is add or read");
        }
    }

    /** A session this read finds nowhere is made as any first request makes it. */
    private long read(ActiveSession active) {
        if (active.created()) {
            return addLine(active);
        }
        Session session = active.session();
        UnreadableSessionException.attribute(session, CART, ArrayList.class);
        return UnreadableSessionException.attribute(session, ADDED, Long.class);
    }

    @SuppressWarnings("unchecked")
    private long addLine(ActiveSession active) {
        Session session = active.session();
        String id = session.id().value();
        if (active.created()) {
            session.setAttribute(IDENTITY, DerivedRandom.bytes(id, IDENTITY, 0, IDENTITY_BYTES));
            session.setAttribute(ADDED, 0L);
            session.setAttribute(CART, new ArrayList<HashMap<String, Serializable>>());
        }
        long added = UnreadableSessionException.attribute(session, ADDED, Long.class) + 1;
        var cart = new ArrayList<>((ArrayList<HashMap<String, Serializable>>) UnreadableSessionException
                .attribute(session, CART, ArrayList.class));
        cart.add(line(id, added));
        while (cart.size() > MAX_LINES) {
            cart.removeFirst();
        }
        session.setAttribute(CART, cart);
        session.setAttribute(ADDED, added);
        return added;
    }

    private static HashMap<String, Serializable> line(String session, long number) {
        var random = new DerivedRandom(session, "line", number);
        var line = new HashMap<String, Serializable>();
        line.put("sku", "SKU-" + random.below(100_000));
        line.put("quantity", 1 + (int) random.below(5));
        line.put("priceCents", random.below(100_000));
        line.put("line", number);
        return line;
    }
}
