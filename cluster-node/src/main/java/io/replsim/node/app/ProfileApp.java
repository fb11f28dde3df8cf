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

/**
 * Sessions shaped like an application's ({@link SessionProfile}), answering in the counter's format so the driver
 * checks them the same way. The serial lives in a mutable {@code long[]}: with the bug switch on it is incremented
 * in place, so a scope that misses in-place changes shows up as STALE after a failover. {@code ?op=read} is a page
 * that shows the profile without writing it: it gets the user's name (a {@code String}, immutable) and the
 * attributes the last write changed (mutable), and sets nothing, so the set trigger replicates nothing of it,
 * set-and-non-primitive-get those attributes, and set-and-get the name too.
 */
public final class ProfileApp implements HttpHandler {
    public static final String PATH = "/profile";
    static final String SERIAL = "serial";
    static final String IDENTITY = "identity";
    static final String USER = "user";
    private static final int IDENTITY_BYTES = 32;

    private final SessionProfile profile;
    private final AttributeValues values;
    private final SessionRequests sessions;

    public ProfileApp(NodeId self, SessionStore store, SessionProfile profile, RequestCounters requests,
                      JsonWriter json, LogoutCookie logoutCookie) {
        this.profile = profile;
        this.values = new AttributeValues(profile.shape(), profile.attributeBytes());
        this.sessions = new SessionRequests("profile", self, store, requests, json, logoutCookie);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        switch (SessionRequests.operation(exchange, "update")) {
            case "update" -> sessions.handle(exchange, this::serve);
            case "read" -> sessions.handleRead(exchange, this::read);
            default -> sessions.reject(exchange, "op is update or read");
        }
    }

    /**
     * Gets what a profile page shows and sets nothing. The serial is the oracle's answer, not the page's, so it is
     * peeked (never marked dirty). A session this read finds nowhere is made as any first request makes it.
     */
    private long read(ActiveSession active) {
        Session session = active.session();
        if (active.created()) {
            return populate(session);
        }
        long[] serial = UnreadableSessionException.peeked(session, SERIAL, long[].class);
        if (serial.length != 1) {
            throw new UnreadableSessionException(session, "the serial has " + serial.length + " numbers, not 1");
        }
        UnreadableSessionException.attribute(session, USER, String.class);
        int changed = profile.modifiedPerRequest();
        for (int k = 0; k < changed; k++) {
            String name = attributeName((int) ((serial[0] * changed + k) % profile.attributes()));
            UnreadableSessionException.attribute(session, name, Serializable.class);
        }
        return serial[0];
    }

    private long serve(ActiveSession active) {
        Session session = active.session();
        return active.created() ? populate(session) : advance(session);
    }

    private long populate(Session session) {
        String id = session.id().value();
        session.setAttribute(IDENTITY, DerivedRandom.bytes(id, IDENTITY, 0, IDENTITY_BYTES));
        session.setAttribute(USER, user(id));
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

    /** The user's name, as a login would leave it: {@code user-<below(1000000000) of derived(id, "user", 0)>}. */
    private static String user(String session) {
        return "user-" + new DerivedRandom(session, USER, 0).below(1_000_000_000L);
    }

    private static String attributeName(int index) {
        return "attr" + index;
    }
}
