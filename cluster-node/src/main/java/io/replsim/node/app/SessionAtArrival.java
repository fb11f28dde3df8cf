package io.replsim.node.app;

import io.replsim.node.web.RoutedSessionCookie;
import io.replsim.replication.SessionId;
import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionStore;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import java.io.Serializable;
import java.util.Map;

/**
 * A node without a session lock ({@code replication.sessionLock: none}): the state a request's session held when the
 * request arrived, read before the request's service time and kept with the request, which stores that state with
 * its own change at its end ({@link #restore}), as a session manager without locking loads a session at a request's
 * start and stores it whole at its end. Two requests on one session at once then each store what they found plus
 * their own change, and the later store wins: the earlier one's change is lost though its answer showed it. Under
 * the per-session lock nothing is read at arrival: a request reads its session once it holds it.
 */
public final class SessionAtArrival implements HttpHandler {
    private static final AttachmentKey<Found> FOUND = AttachmentKey.create(Found.class);

    /** The session's attributes as the request found them. */
    private record Found(SessionId id, Map<String, Serializable> attributes) {
    }

    private final SessionStore store;
    private final HttpHandler next;

    public SessionAtArrival(SessionStore store, HttpHandler next) {
        this.store = store;
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        RoutedSessionCookie.from(exchange.getRequestCookie(RoutedSessionCookie.NAME)).map(RoutedSessionCookie::id)
                .ifPresent(id -> store.attributesNow(id)
                        .ifPresent(attributes -> exchange.putAttachment(FOUND, new Found(id, attributes))));
        next.handleRequest(exchange);
    }

    /**
     * Puts the state {@code session} had at the request's arrival back, when it was read then: what other requests
     * stored since is overwritten. Called with the session held, before the app's work on it.
     */
    static void restore(HttpServerExchange exchange, Session session) {
        Found found = exchange.getAttachment(FOUND);
        if (found == null || !found.id().equals(session.id())) {
            return;
        }
        for (String name : session.attributeNames()) {
            if (!found.attributes().containsKey(name)) {
                session.removeAttribute(name);
            }
        }
        // the same value object is no change: only what others replaced since is set back, and marked dirty
        found.attributes().forEach((name, value) -> {
            if (session.peekAttribute(name).orElse(null) != value) {
                session.setAttribute(name, value);
            }
        });
    }
}
