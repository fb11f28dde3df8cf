package io.replsim.node.app;

import io.replsim.node.stats.RequestCounters;
import io.replsim.node.web.JsonWriter;
import io.replsim.replication.NodeId;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionStore;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The oracle (docs/interfaces.md §2): each request adds one to the session's serial through {@code setAttribute};
 * the payload made with the session shows, by its digest, that the whole session survived.
 */
public final class CounterApp implements HttpHandler {
    public static final String PATH = "/counter";
    static final String SERIAL = "serial";
    static final String PAYLOAD = "payload";

    private final int payloadBytes;
    private final SessionRequests sessions;

    public CounterApp(NodeId self, SessionStore store, int payloadBytes, RequestCounters requests, JsonWriter json) {
        this.payloadBytes = payloadBytes;
        this.sessions = new SessionRequests("counter", self, store, requests, json);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        sessions.handle(exchange, this::increment);
    }

    private SessionRequests.Answer increment(ActiveSession active) {
        Session session = active.session();
        if (active.created()) {
            byte[] payload = new byte[payloadBytes];
            ThreadLocalRandom.current().nextBytes(payload);
            session.setAttribute(PAYLOAD, payload);
            session.setAttribute(SERIAL, 1);
        } else {
            session.setAttribute(SERIAL, serialOf(session) + 1);
        }
        // The oracle's read: peeked, so that checking the payload never changes what gets replicated.
        return new SessionRequests.Answer(serialOf(session), (byte[]) session.peekAttribute(PAYLOAD).orElseThrow());
    }

    private static int serialOf(Session session) {
        return (Integer) session.getAttribute(SERIAL).orElseThrow(
                () -> new IllegalStateException("session " + session.id() + " has no serial"));
    }

}
