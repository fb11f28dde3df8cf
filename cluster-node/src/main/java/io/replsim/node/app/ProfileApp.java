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
 * Sessions shaped like an application's ({@link SessionProfile}), answering in the counter's format so the driver
 * checks them the same way. The serial lives in a mutable {@code long[]}: with the bug switch on it is incremented
 * in place, so a scope that misses in-place changes shows up as STALE after a failover.
 */
public final class ProfileApp implements HttpHandler {
    public static final String PATH = "/profile";
    static final String SERIAL = "serial";
    static final String IDENTITY = "identity";
    private static final int IDENTITY_BYTES = 32;

    private final SessionProfile profile;
    private final AttributeValues values;
    private final SessionRequests sessions;

    public ProfileApp(NodeId self, SessionStore store, SessionProfile profile, RequestCounters requests,
                      JsonWriter json) {
        this.profile = profile;
        this.values = new AttributeValues(profile.shape(), profile.attributeBytes());
        this.sessions = new SessionRequests("profile", self, store, requests, json);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        sessions.handle(exchange, this::serve);
    }

    private SessionRequests.Answer serve(ActiveSession active) {
        Session session = active.session();
        long serial = active.created() ? populate(session) : advance(session);
        // The oracle's read: peeked, so that checking the identity never changes what gets replicated.
        return new SessionRequests.Answer(serial, (byte[]) session.peekAttribute(IDENTITY).orElseThrow());
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
