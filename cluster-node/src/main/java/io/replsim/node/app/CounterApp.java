package io.replsim.node.app;

import io.replsim.node.stats.RequestCounters;
import io.replsim.node.web.JsonWriter;
import io.replsim.replication.NodeId;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionStore;
import io.replsim.settings.DataSize;
import io.replsim.settings.Grammar;
import io.replsim.settings.Setting;
import io.replsim.settings.SettingsGroup;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * The oracle (docs/interfaces.md §2): each request adds one to the session's serial through {@code setAttribute};
 * the payload made with the session (derived from its id, so the driver knows it) weighs it as an application's
 * state would, and the answer's state digest shows whether all of it survived. {@code ?op=read} shows the serial
 * without writing it: a read of an immutable {@code Integer}, which only the set-and-get trigger replicates.
 */
public final class CounterApp implements HttpHandler {
    public static final String PATH = "/counter";
    static final String SERIAL = "serial";
    static final String PAYLOAD = "payload";
    public static final DataSize MAX_PAYLOAD = DataSize.parse("16MB");

    /** The bytes each session carries: a scenario's {@code workload.payload}, the node's {@code --payload-bytes}. */
    public static final Setting<DataSize, DataSize> PAYLOAD_SIZE = Setting.of("payload", "--payload-bytes",
                    Grammar.size(), (DataSize size) -> size)
            .must(size -> size.compareTo(MAX_PAYLOAD) <= 0, "a size from 0 to " + MAX_PAYLOAD + ", such as 4KB");
    public static final SettingsGroup<DataSize> SETTINGS = SettingsGroup.of(PAYLOAD_SIZE::readFrom, PAYLOAD_SIZE);

    private final int payloadBytes;
    private final SessionRequests sessions;

    public CounterApp(NodeId self, SessionStore store, int payloadBytes, RequestCounters requests, JsonWriter json,
                      LogoutCookie logoutCookie) {
        this.payloadBytes = payloadBytes;
        this.sessions = new SessionRequests("counter", self, store, requests, json, logoutCookie);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        switch (SessionRequests.operation(exchange, "increment")) {
            case "increment" -> sessions.handle(exchange, this::increment);
            case "read" -> sessions.handleRead(exchange, this::read);
            default -> sessions.reject(exchange, "op is increment or read");
        }
    }

    /** A session this read finds nowhere is made as any first request makes it. */
    private long read(ActiveSession active) {
        if (active.created()) {
            return increment(active);
        }
        Session session = active.session();
        UnreadableSessionException.peeked(session, PAYLOAD, byte[].class);
        return UnreadableSessionException.attribute(session, SERIAL, Integer.class);
    }

    private long increment(ActiveSession active) {
        Session session = active.session();
        if (active.created()) {
            session.setAttribute(PAYLOAD, DerivedRandom.bytes(session.id().value(), PAYLOAD, 0, payloadBytes));
            session.setAttribute(SERIAL, 1);
            return 1;
        }
        // Peeked, as the old oracle read was, so that checking it never changes what gets replicated.
        UnreadableSessionException.peeked(session, PAYLOAD, byte[].class);
        int serial = UnreadableSessionException.attribute(session, SERIAL, Integer.class) + 1;
        session.setAttribute(SERIAL, serial);
        return serial;
    }
}
