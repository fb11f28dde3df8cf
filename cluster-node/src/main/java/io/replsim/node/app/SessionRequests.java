package io.replsim.node.app;

import io.replsim.node.stats.RequestCounters;
import io.replsim.node.web.JsonWriter;
import io.replsim.node.web.RoutedSessionCookie;
import io.replsim.replication.DegradedPartitionException;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionStore;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import io.undertow.util.StatusCodes;
import java.util.Deque;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The request around every workload app: GET only, the node's name in a header, the session the route cookie
 * names (held here, taken over from a replica, or new), the app's work on it, replication before the answer (503
 * when it fails: the change may live on this node only), the cookie re-issued with this node's route on a new
 * session and after a failover (as mod_jk's jvmRoute), and the answer in the counter's JSON, which the load
 * driver checks for every app alike; a 503 naming the partition when the cache refuses on a degraded side of one.
 * With {@code ?end} the session is invalidated instead of replicated (a logout), and the cookie expired or left as
 * it was ({@link LogoutCookie}). An app supplies only what it does to its session.
 */
final class SessionRequests {
    private static final HttpString NODE_HEADER = HttpString.tryFromString("X-Replsim-Node");
    /**
     * On a {@code 500}, {@code unreadable}: the node holds the session but cannot read its state, which the driver
     * counts as a FAILED session rather than an error of unknown outcome (docs/interfaces.md §2).
     */
    static final HttpString SESSION_HEADER = HttpString.tryFromString("X-Replsim-Session");
    static final String UNREADABLE = "unreadable";
    /**
     * On a {@code 503}, {@code denied-in-partition}: the cache refused to read or write the session because this node's
     * side of a partition is degraded (infinispan's whenSplit deny-read-writes or allow-reads); nothing changed.
     */
    static final String DENIED_IN_PARTITION = "denied-in-partition";
    /**
     * On a {@code 200} with a new session, {@code expired}: the cookie named a session this cluster ended because
     * nobody used it for the maximum inactive interval (this node expired it, or heard so from the member that did),
     * so the load driver counts it EXPIRED on the node's word rather than by its own clock (docs/interfaces.md §2).
     */
    static final String EXPIRED = "expired";
    private static final Logger log = LoggerFactory.getLogger(SessionRequests.class);
    /**
     * {@code ?end}: the request's work is done and answered as usual, then the session is invalidated everywhere (a
     * logout), so the answer still shows whether the session arrived intact.
     */
    static final String END_PARAMETER = "end";

    /**
     * What an app does to its locked session in one request: its answer is the serial; the digest answered is that
     * of the whole session as the work left it ({@link SessionDigest}).
     */
    @FunctionalInterface
    interface Work {
        long apply(ActiveSession active);
    }

    /** The body of a served request, whatever the app. */
    record Response(String session, int serial, String node, String digest, boolean created) {}

    private final String app;
    private final NodeId self;
    private final SessionStore store;
    private final RequestCounters requests;
    private final JsonWriter json;
    private final LogoutCookie logoutCookie;

    SessionRequests(String app, NodeId self, SessionStore store, RequestCounters requests, JsonWriter json,
                    LogoutCookie logoutCookie) {
        this.app = app;
        this.logoutCookie = logoutCookie;
        this.self = self;
        this.store = store;
        this.requests = requests;
        this.json = json;
    }

    /** A request whose work writes the session: with {@code X-Replsim-Request}, its id joins the session's list. */
    void handle(HttpServerExchange exchange, Work work) {
        handle(exchange, work, true);
    }

    /** A request that only reads the session (an app's {@code ?op=read}): the list is shown, never appended to. */
    void handleRead(HttpServerExchange exchange, Work work) {
        handle(exchange, work, false);
    }

    private void handle(HttpServerExchange exchange, Work work, boolean writes) {
        if (!Methods.GET.equals(exchange.getRequestMethod())) {
            json.write(exchange, StatusCodes.METHOD_NOT_ALLOWED, new JsonWriter.ErrorBody("use GET"));
            return;
        }
        requests.served();
        exchange.getResponseHeaders().put(NODE_HEADER, self.name());
        try {
            serve(exchange, work, writes);
        } catch (DegradedPartitionException e) {
            // Neither read nor written: refused in so many words, never served from a new session in its place.
            requests.deniedInPartition();
            log.warn("{} request refused: {}", app, e.getMessage());
            // A session created by this request was never written: its cookie would name nothing.
            exchange.getResponseCookies().remove(RoutedSessionCookie.NAME);
            exchange.getResponseHeaders().put(SESSION_HEADER, DENIED_IN_PARTITION);
            json.write(exchange, StatusCodes.SERVICE_UNAVAILABLE, new JsonWriter.ErrorBody(e.getMessage()));
        } catch (UnreadableSessionException e) {
            requests.failed();
            log.warn("{} request: {}", app, e.getMessage());
            exchange.getResponseHeaders().put(SESSION_HEADER, UNREADABLE);
            json.write(exchange, StatusCodes.INTERNAL_SERVER_ERROR, new JsonWriter.ErrorBody(e.getMessage()));
        } catch (RuntimeException e) {
            requests.failed();
            log.error("{} request failed", app, e);
            json.write(exchange, StatusCodes.INTERNAL_SERVER_ERROR, new JsonWriter.ErrorBody(e.toString()));
        }
    }

    /**
     * The {@code op} query parameter, {@code fallback} without one: which of its operations the app runs, such as
     * {@code read}, a GET that shows the session without writing it.
     */
    static String operation(HttpServerExchange exchange, String fallback) {
        return Optional.ofNullable(exchange.getQueryParameters().get("op")).map(Deque::peekFirst).orElse(fallback);
    }

    /** A request the app refuses before touching any session. */
    void reject(HttpServerExchange exchange, String why) {
        json.write(exchange, StatusCodes.BAD_REQUEST, new JsonWriter.ErrorBody(why));
    }

    private void serve(HttpServerExchange exchange, Work work, boolean writes) {
        OptionalLong requestId;
        try {
            requestId = RequestList.requestId(exchange);
        } catch (IllegalArgumentException e) {
            reject(exchange, e.getMessage());
            return;
        }
        Optional<RoutedSessionCookie> cookie =
                RoutedSessionCookie.from(exchange.getRequestCookie(RoutedSessionCookie.NAME));
        boolean ending = exchange.getQueryParameters().containsKey(END_PARAMETER);
        Optional<ActiveSession> found = cookie.flatMap(c -> store.find(c.id()));
        boolean expired = found.isEmpty() && cookie.map(c -> store.expiredLately(c.id())).orElse(false);
        try (ActiveSession active = found.orElseGet(store::create)) {
            Session session = active.session();
            if (found.isPresent()) {
                SessionAtArrival.restore(exchange, session); // without a session lock only
            }
            if (expired) {
                exchange.getResponseHeaders().put(SESSION_HEADER, EXPIRED);
            }
            long serial = work.apply(active);
            // a logout appends nothing: the history records it as ending the session, not as a write
            if (writes && !ending) {
                requestId.ifPresent(id -> RequestList.append(session, id));
            }
            String digest = SessionDigest.of(session);
            // taken before a logout invalidates the session
            Optional<String> list = requestId.isPresent() ? Optional.of(RequestList.shown(session)) : Optional.empty();
            if (ending) {
                // KEEP sets no cookie at all, as invalidate() alone: not even the one a session made here would get
                if (logoutCookie == LogoutCookie.EXPIRE) {
                    exchange.setResponseCookie(new RoutedSessionCookie(session.id(), self).toCookie().setMaxAge(0));
                }
            } else if (cookie.map(c -> !c.route().equals(self) || !c.id().equals(session.id())).orElse(true)) {
                exchange.setResponseCookie(new RoutedSessionCookie(session.id(), self).toCookie());
            }
            try {
                if (ending) {
                    store.invalidate(active);
                } else {
                    store.update(active);
                }
            } catch (ReplicationException e) {
                requests.failed();
                log.warn("{} session {}: {} failed, answering 503: {}", app, session.id(),
                        ending ? "ending the session" : "replication", e.getMessage());
                json.write(exchange, StatusCodes.SERVICE_UNAVAILABLE,
                        new JsonWriter.ErrorBody("replication failed: " + e.getMessage()));
                return;
            }
            list.ifPresent(shown -> exchange.getResponseHeaders().put(RequestList.LIST_HEADER, shown));
            json.write(exchange, StatusCodes.OK, new Response(session.id().value(), (int) serial, self.name(), digest,
                    active.created()));
        }
    }
}
