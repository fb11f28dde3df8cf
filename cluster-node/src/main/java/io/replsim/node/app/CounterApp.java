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

import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The oracle (docs/interfaces.md §2): each request adds one to the session's serial through {@code setAttribute};
 * the payload made with the session shows, by its digest, that the whole session survived.
 */
public final class CounterApp implements HttpHandler {
    public static final String PATH = "/counter";
    static final String SERIAL = "serial";
    static final String PAYLOAD = "payload";
    private static final HttpString NODE_HEADER = HttpString.tryFromString("X-Replsim-Node");

    private static final Logger log = LoggerFactory.getLogger(CounterApp.class);

    private final NodeId self;
    private final SessionStore store;
    private final int payloadBytes;
    private final RequestCounters requests;
    private final JsonWriter json;

    public CounterApp(NodeId self, SessionStore store, int payloadBytes, RequestCounters requests, JsonWriter json) {
        this.self = self;
        this.store = store;
        this.payloadBytes = payloadBytes;
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
            log.error("counter request failed", e);
            json.write(exchange, StatusCodes.INTERNAL_SERVER_ERROR, new JsonWriter.ErrorBody(e.toString()));
        }
    }

    private void serve(HttpServerExchange exchange) {
        Optional<SessionCookie> cookie = SessionCookie.from(exchange.getRequestCookie(SessionCookie.NAME));
        try (ActiveSession active = cookie.flatMap(c -> store.find(c.id())).orElseGet(store::create)) {
            Session session = active.session();
            if (active.created()) {
                byte[] payload = new byte[payloadBytes];
                ThreadLocalRandom.current().nextBytes(payload);
                session.setAttribute(PAYLOAD, payload);
                session.setAttribute(SERIAL, 1);
            } else {
                session.setAttribute(SERIAL, serialOf(session) + 1);
            }
            // The route follows the session here on a new session and after a failover, as jvmRoute does.
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
            byte[] payload = (byte[]) session.getAttribute(PAYLOAD).orElseThrow();
            json.write(exchange, StatusCodes.OK, new CounterResponse(session.id().value(), serialOf(session),
                    self.name(), PayloadDigest.of(payload), active.created()));
        }
    }

    private static int serialOf(Session session) {
        return (Integer) session.getAttribute(SERIAL).orElseThrow(
                () -> new IllegalStateException("session " + session.id() + " has no serial"));
    }

    /** The body of a served counter request. */
    public record CounterResponse(String session, int serial, String node, String digest, boolean created) {
    }
}
