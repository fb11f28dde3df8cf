package io.replsim.loadgen.exchange;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A {@code JSESSIONID} value {@code <id>.<route>}: the route is everything after the first dot. */
public record SessionCookie(String value) {

    static final String NAME = "JSESSIONID";

    public SessionCookie {
        Objects.requireNonNull(value, "value");
        if (value.isEmpty()) {
            throw new IllegalArgumentException("an empty JSESSIONID value");
        }
    }

    public String sessionId() {
        int dot = value.indexOf('.');
        return dot < 0 ? value : value.substring(0, dot);
    }

    /** The route after the first dot, absent when the value has none. */
    public Optional<String> route() {
        int dot = value.indexOf('.');
        return dot < 0 || dot == value.length() - 1 ? Optional.empty() : Optional.of(value.substring(dot + 1));
    }

    public String requestHeader() {
        return NAME + "=" + value;
    }

    /** The {@code JSESSIONID} among {@code Set-Cookie} header values, e.g. {@code JSESSIONID=abc.node2; Path=/; HttpOnly}. */
    public static Optional<SessionCookie> fromSetCookie(List<String> setCookieHeaders) {
        return fromSetCookie(setCookieHeaders, NAME);
    }

    /** The cookie called {@code name} among {@code Set-Cookie} header values. */
    public static Optional<SessionCookie> fromSetCookie(List<String> setCookieHeaders, String name) {
        for (String header : setCookieHeaders) {
            int semicolon = header.indexOf(';');
            String pair = (semicolon < 0 ? header : header.substring(0, semicolon)).trim();
            int equals = pair.indexOf('=');
            if (equals > 0 && pair.substring(0, equals).trim().equals(name)) {
                String value = pair.substring(equals + 1).trim();
                if (!value.isEmpty()) {
                    return Optional.of(new SessionCookie(value));
                }
            }
        }
        return Optional.empty();
    }
}
