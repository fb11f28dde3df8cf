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
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Sessions shaped like an application's ({@link SessionProfile}), answering in the counter's format so the driver
 * checks them the same way. The serial lives in a mutable {@code long[]}: with the bug switch on it is incremented
 * in place, so a scope that misses in-place changes shows up as STALE after a failover.
 */
public final class ProfileApp implements HttpHandler {
    public static final String PATH = "/profile";
    static final String SERIAL = "serial";
    static final String IDENTITY = "identity";
    private static final int IDENTITY_BYTES = 32;
    private static final HttpString NODE_HEADER = HttpString.tryFromString("X-Replsim-Node");

    private static final Logger log = LoggerFactory.getLogger(ProfileApp.class);

    private final NodeId self;
    private final SessionStore store;
    private final SessionProfile profile;
    private final AttributeValues values;
    private final RequestCounters requests;
    private final JsonWriter json;

    public ProfileApp(NodeId self, SessionStore store, SessionProfile profile, RequestCounters requests,
                      JsonWriter json) {
        this.self = self;
        this.store = store;
        this.profile = profile;
        this.values = new AttributeValues(profile.shape(), profile.attributeBytes());
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
            log.error("profile request failed", e);
            json.write(exchange, StatusCodes.INTERNAL_SERVER_ERROR, new JsonWriter.ErrorBody(e.toString()));
        }
    }

    private void serve(HttpServerExchange exchange) {
        Optional<SessionCookie> cookie = SessionCookie.from(exchange.getRequestCookie(SessionCookie.NAME));
        try (ActiveSession active = cookie.flatMap(c -> store.find(c.id())).orElseGet(store::create)) {
            Session session = active.session();
            long serial = active.created() ? populate(session) : advance(session);
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
            json.write(exchange, StatusCodes.OK, new CounterApp.CounterResponse(session.id().value(), (int) serial,
                    self.name(), PayloadDigest.of(identity), active.created()));
        }
    }

    private long populate(Session session) {
        byte[] identity = new byte[IDENTITY_BYTES];
        ThreadLocalRandom.current().nextBytes(identity);
        session.setAttribute(IDENTITY, identity);
        session.setAttribute(SERIAL, new long[] {1});
        for (int i = 0; i < profile.attributes(); i++) {
            session.setAttribute(attributeName(i), values.fresh());
        }
        return 1;
    }

    /** Changes the next attributes in turn, so every attribute is changed as often as the others. */
    private long advance(Session session) {
        long[] serial = (long[]) session.getAttribute(SERIAL).orElseThrow(
                () -> new IllegalStateException("session " + session.id() + " has no serial"));
        serial[0]++;
        if (!profile.mutateInPlace()) {
            session.setAttribute(SERIAL, serial);
        }
        int changed = profile.modifiedPerRequest();
        for (int k = 0; k < changed; k++) {
            String name = attributeName((int) ((serial[0] * changed + k) % profile.attributes()));
            if (profile.mutateInPlace()) {
                session.getAttribute(name).ifPresent(values::mutate);
            } else {
                session.setAttribute(name, values.fresh());
            }
        }
        return serial[0];
    }

    private static String attributeName(int index) {
        return "attr" + index;
    }
}
