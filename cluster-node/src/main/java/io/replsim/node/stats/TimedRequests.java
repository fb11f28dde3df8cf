package io.replsim.node.stats;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.util.concurrent.TimeUnit;

/**
 * Times each answer of the application it wraps, from when the I/O thread read the request (so the wait for a free
 * worker and any service time count, as the user sees them) to when the response was sent, into
 * {@link RequestCounters#latency()}. The listener needs Undertow's {@code RECORD_REQUEST_START_TIME}, which
 * {@link io.replsim.node.web.AppServer} sets.
 */
public final class TimedRequests implements HttpHandler {
    private final RequestCounters requests;
    private final HttpHandler app;

    public TimedRequests(RequestCounters requests, HttpHandler app) {
        this.requests = requests;
        this.app = app;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        long recorded = exchange.getRequestStartTime();
        long startedNanos = recorded > 0 ? recorded : System.nanoTime();
        exchange.addExchangeCompleteListener((done, next) -> {
            requests.answered(TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - startedNanos));
            next.proceed();
        });
        app.handleRequest(exchange);
    }
}
