package io.replsim.loadgen.synthetic;

import com.sun.net.httpserver.HttpExchange;

import java.util.List;

/** The session id a synthetic server reads from a request's JSESSIONID cookie, its jvmRoute suffix dropped. */
final class SessionCookieHeader {
    private SessionCookieHeader() {
    }

    /** The id, or null when the request carries no session cookie. */
    static String sessionId(HttpExchange exchange) {
        for (String header : exchange.getRequestHeaders().getOrDefault("Cookie", List.of())) {
            for (String pair : header.split(";")) {
                String trimmed = pair.trim();
                if (trimmed.startsWith("JSESSIONID=")) {
                    String value = trimmed.substring("JSESSIONID=".length());
                    int dot = value.indexOf('.');
                    return dot < 0 ? value : value.substring(0, dot);
                }
            }
        }
        return null;
    }
}
