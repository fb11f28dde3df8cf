package io.replsim.node.web;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.undertow.server.handlers.Cookie;
import io.undertow.server.handlers.CookieImpl;

import java.util.Optional;

/**
 * {@code JSESSIONID=<id>.<route>}: the session id and, after the first dot, the node that served it last, as
 * mod_jk's jvmRoute does so a balancer can stick a user to a node without a table. This is the node's end of the
 * cookie; the load driver's end is loadgen's {@code SessionCookie}, which reads any server's session cookie (a
 * route or none). The two never see each other's code: they share the format, held to it by scenarios'
 * {@code SessionCookieFormatTest}.
 */
public record RoutedSessionCookie(SessionId id, NodeId route) {
    public static final String NAME = "JSESSIONID";

    /** The cookie's session and route, or empty when it is missing or not of that shape (a new session then). */
    public static Optional<RoutedSessionCookie> from(Cookie cookie) {
        if (cookie == null || cookie.getValue() == null) {
            return Optional.empty();
        }
        String value = cookie.getValue();
        int dot = value.indexOf('.');
        if (dot <= 0 || dot == value.length() - 1) {
            return Optional.empty();
        }
        try {
            return Optional.of(new RoutedSessionCookie(new SessionId(value.substring(0, dot)),
                    new NodeId(value.substring(dot + 1))));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    public Cookie toCookie() {
        return new CookieImpl(NAME, id.value() + "." + route.name()).setPath("/").setHttpOnly(true);
    }
}
