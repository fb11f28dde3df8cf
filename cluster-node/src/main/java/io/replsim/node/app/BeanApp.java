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

import java.util.Deque;
import java.util.Optional;

/**
 * A stateful session bean over HTTP: {@code GET /bean} invokes {@code increment}, {@code GET /bean?op=peek}
 * invokes {@code peek}. The instance is pinned to the node that created it by the route in its cookie, held by the
 * replication engine like a session (same placement, delivery and failover), and replicated after an invocation
 * only when the bean says it was modified. Answers in the counter's format, {@code serial} being the count.
 */
public final class BeanApp implements HttpHandler {
    public static final String PATH = "/bean";
    static final String BEAN = "bean";
    private static final HttpString NODE_HEADER = HttpString.tryFromString("X-Replsim-Node");

    private static final Logger log = LoggerFactory.getLogger(BeanApp.class);

    private final NodeId self;
    private final SessionStore store;
    private final RequestCounters requests;
    private final JsonWriter json;

    public BeanApp(NodeId self, SessionStore store, RequestCounters requests, JsonWriter json) {
        this.self = self;
        this.store = store;
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
            serve(exchange, Optional.ofNullable(exchange.getQueryParameters().get("op")).map(Deque::peekFirst)
                    .orElse("increment"));
        } catch (RuntimeException e) {
            requests.failed();
            log.error("bean invocation failed", e);
            json.write(exchange, StatusCodes.INTERNAL_SERVER_ERROR, new JsonWriter.ErrorBody(e.toString()));
        }
    }

    private void serve(HttpServerExchange exchange, String operation) {
        if (!operation.equals("increment") && !operation.equals("peek")) {
            json.write(exchange, StatusCodes.BAD_REQUEST, new JsonWriter.ErrorBody("op is increment or peek"));
            return;
        }
        Optional<SessionCookie> cookie = SessionCookie.from(exchange.getRequestCookie(SessionCookie.NAME));
        try (ActiveSession active = cookie.flatMap(c -> store.find(c.id())).orElseGet(store::create)) {
            Session holder = active.session();
            CounterBean bean = active.created() ? CounterBean.create()
                    : CounterBean.restore(holder.peekAttribute(BEAN).orElseThrow(
                            () -> new IllegalStateException("bean " + holder.id() + " has no state")));
            long count = operation.equals("peek") && !active.created() ? bean.peek() : bean.increment();
            if (bean.isModified()) {
                holder.setAttribute(BEAN, bean.state());
            }
            if (cookie.map(c -> !c.route().equals(self) || !c.id().equals(holder.id())).orElse(true)) {
                exchange.setResponseCookie(new SessionCookie(holder.id(), self).toCookie());
            }
            try {
                store.update(active);
            } catch (ReplicationException e) {
                requests.failed();
                log.warn("bean {}: replication failed, answering 503: {}", holder.id(), e.getMessage());
                json.write(exchange, StatusCodes.SERVICE_UNAVAILABLE,
                        new JsonWriter.ErrorBody("replication failed: " + e.getMessage()));
                return;
            }
            json.write(exchange, StatusCodes.OK, new CounterApp.CounterResponse(holder.id().value(), (int) count,
                    self.name(), PayloadDigest.of(bean.identity()), active.created()));
        }
    }
}
