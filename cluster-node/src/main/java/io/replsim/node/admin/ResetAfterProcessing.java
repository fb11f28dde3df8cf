package io.replsim.node.admin;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.ServerConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.IoUtils;
import org.xnio.Options;

import java.io.IOException;

/**
 * While {@link AnswerResets} is on, lets the application process the request whole (its session stored and
 * replicated) and resets the connection at the moment the answer would start: the response channel is made only
 * when the first byte of the answer goes out, after the apps have stored their session, so the reset comes after the
 * work and before any byte of the answer. The close is abortive (SO_LINGER 0, an RST), so the client's kept-alive
 * connection fails with no answer, which is what its resend rule is about. Sits under the blocking handler, on the
 * worker that runs the request.
 */
public final class ResetAfterProcessing implements HttpHandler {
    private static final Logger log = LoggerFactory.getLogger(ResetAfterProcessing.class);

    private final AnswerResets resets;
    private final HttpHandler app;

    public ResetAfterProcessing(AnswerResets resets, HttpHandler app) {
        this.resets = resets;
        this.app = app;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (resets.on()) {
            exchange.addResponseWrapper((factory, answered) -> {
                reset(answered.getConnection());
                return factory.create();
            });
        }
        app.handleRequest(exchange);
    }

    private void reset(ServerConnection connection) {
        try {
            connection.setOption(Options.CLOSE_ABORT, true);
        } catch (IOException | IllegalArgumentException e) {
            log.warn("the connection cannot be closed abortively; closing it plainly", e);
        }
        IoUtils.safeClose(connection);
        resets.counted();
    }
}
