package io.replsim.node.admin;

import io.replsim.node.web.JsonWriter;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.StatusCodes;

/** Lets a request through only with {@code Authorization: Bearer <token>}; 401 otherwise, for every path. */
final class BearerAuthHandler implements HttpHandler {
    private static final String SCHEME = "Bearer ";

    private final AdminToken token;
    private final HttpHandler next;
    private final JsonWriter json;

    BearerAuthHandler(AdminToken token, HttpHandler next, JsonWriter json) {
        this.token = token;
        this.next = next;
        this.json = json;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        String header = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
        if (header == null || !header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())
                || !token.matches(header.substring(SCHEME.length()).trim())) {
            exchange.getResponseHeaders().put(Headers.WWW_AUTHENTICATE, "Bearer");
            json.write(exchange, StatusCodes.UNAUTHORIZED, new JsonWriter.ErrorBody("unauthorized"));
            return;
        }
        next.handleRequest(exchange);
    }
}
