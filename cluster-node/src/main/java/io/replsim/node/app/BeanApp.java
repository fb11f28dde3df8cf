package io.replsim.node.app;

import io.replsim.node.stats.RequestCounters;
import io.replsim.node.web.JsonWriter;
import io.replsim.replication.NodeId;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionStore;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.util.Deque;
import java.util.HashMap;
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

    private final SessionRequests sessions;

    public BeanApp(NodeId self, SessionStore store, RequestCounters requests, JsonWriter json,
                   LogoutCookie logoutCookie) {
        this.sessions = new SessionRequests("bean", self, store, requests, json, logoutCookie);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        String operation = Optional.ofNullable(exchange.getQueryParameters().get("op")).map(Deque::peekFirst)
                .orElse("increment");
        if (!operation.equals("increment") && !operation.equals("peek")) {
            sessions.reject(exchange, "op is increment or peek");
            return;
        }
        if (operation.equals("peek")) {
            sessions.handleRead(exchange, active -> invoke(active, operation));
        } else {
            sessions.handle(exchange, active -> invoke(active, operation));
        }
    }

    /** One invocation; the bean's state is stored for replication only when the bean says it changed. */
    private long invoke(ActiveSession active, String operation) {
        Session holder = active.session();
        CounterBean bean = active.created() ? CounterBean.create(holder.id().value()) : restore(holder);
        long count = operation.equals("peek") && !active.created() ? bean.peek() : bean.increment();
        if (bean.isModified()) {
            holder.setAttribute(BEAN, bean.state());
        }
        return count;
    }

    private static CounterBean restore(Session holder) {
        CounterBean bean = CounterBean.restore(UnreadableSessionException.peeked(holder, BEAN, HashMap.class));
        if (bean == null) {
            throw new UnreadableSessionException(holder, "the bean's state has no count or no identity");
        }
        return bean;
    }
}
