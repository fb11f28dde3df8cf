package io.replsim.node.app;

import io.replsim.node.stats.RequestCounters;
import io.replsim.node.web.JsonWriter;
import io.replsim.replication.NodeId;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionStore;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

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

    private long serve(ActiveSession active) {
        Session session = active.session();
        return active.created() ? populate(session) : advance(session);
    }

    private long populate(Session session) {
        String id = session.id().value();
        session.setAttribute(IDENTITY, DerivedRandom.bytes(id, IDENTITY, 0, IDENTITY_BYTES));
        session.setAttribute(SERIAL, new long[] {1});
        for (int i = 0; i < profile.attributes(); i++) {
            session.setAttribute(attributeName(i), values.fresh(id, attributeName(i), 1));
        }
        return 1;
    }

    /** Changes the next attributes in turn, so every attribute is changed as often as the others. */
    private long advance(Session session) {
        long[] serial = UnreadableSessionException.attribute(session, SERIAL, long[].class);
        if (serial.length != 1) {
            throw new UnreadableSessionException(session, "the serial has " + serial.length + " numbers, not 1");
        }
        serial[0]++;
        String id = session.id().value();
        if (!profile.mutateInPlace()) {
            session.setAttribute(SERIAL, serial);
        }
        int changed = profile.modifiedPerRequest();
        for (int k = 0; k < changed; k++) {
            String name = attributeName((int) ((serial[0] * changed + k) % profile.attributes()));
            if (profile.mutateInPlace()) {
                session.getAttribute(name).ifPresent(value -> values.mutate(value, id, name, serial[0]));
            } else {
                session.setAttribute(name, values.fresh(id, name, serial[0]));
            }
        }
        return serial[0];
    }

    private static String attributeName(int index) {
        return "attr" + index;
    }
}
