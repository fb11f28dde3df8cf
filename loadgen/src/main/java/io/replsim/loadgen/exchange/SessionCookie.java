package io.replsim.loadgen.exchange;

import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
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

    /**
     * The cookie called {@code name} among {@code Set-Cookie} header values; none when the header that names it
     * expires it ({@link #expiredBy}), since a browser then drops it instead of keeping it.
     */
    public static Optional<SessionCookie> fromSetCookie(List<String> setCookieHeaders, String name) {
        for (String header : setCookieHeaders) {
            String[] parts = header.split(";");
            String pair = parts[0].trim();
            int equals = pair.indexOf('=');
            if (equals > 0 && pair.substring(0, equals).trim().equals(name)) {
                String value = pair.substring(equals + 1).trim();
                if (!value.isEmpty() && !expires(parts, Instant.now())) {
                    return Optional.of(new SessionCookie(value));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Whether a {@code Set-Cookie} header value for the cookie called {@code name} expires it at {@code now}: a
     * {@code Max-Age} of 0 or below, or an {@code Expires} date not after {@code now} (a logout's answer,
     * docs/interfaces.md §2). {@code Max-Age} wins over {@code Expires}, as RFC 6265 says.
     */
    public static boolean expiredBy(List<String> setCookieHeaders, String name, Instant now) {
        for (String header : setCookieHeaders) {
            String[] parts = header.split(";");
            int equals = parts[0].indexOf('=');
            if (equals > 0 && parts[0].substring(0, equals).trim().equals(name) && expires(parts, now)) {
                return true;
            }
        }
        return false;
    }

    private static boolean expires(String[] parts, Instant now) {
        Optional<Instant> expires = Optional.empty();
        for (int index = 1; index < parts.length; index++) {
            String attribute = parts[index].trim();
            int equals = attribute.indexOf('=');
            if (equals < 0) {
                continue;
            }
            String key = attribute.substring(0, equals).trim();
            String value = attribute.substring(equals + 1).trim();
            if (key.equalsIgnoreCase("Max-Age")) {
                try {
                    return Long.parseLong(value) <= 0;
                } catch (NumberFormatException notANumber) {
                    // RFC 6265 ignores such an attribute
                }
            } else if (key.equalsIgnoreCase("Expires")) {
                expires = date(value);
            }
        }
        return expires.filter(date -> !date.isAfter(now)).isPresent();
    }

    /** An {@code Expires} date as RFC 1123 writes it, or with dashes between day, month and year (Netscape's). */
    private static Optional<Instant> date(String text) {
        try {
            return Optional.of(ZonedDateTime.parse(text.replace('-', ' '), DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant());
        } catch (DateTimeParseException unreadable) {
            return Optional.empty();
        }
    }
}
