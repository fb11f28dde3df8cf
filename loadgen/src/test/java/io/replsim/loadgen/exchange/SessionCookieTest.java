package io.replsim.loadgen.exchange;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SessionCookieTest {

    @Test
    void theRouteIsEverythingAfterTheFirstDot() {
        SessionCookie cookie = new SessionCookie("abc123.node2");
        assertThat(cookie.sessionId()).isEqualTo("abc123");
        assertThat(cookie.route()).contains("node2");
        assertThat(new SessionCookie("abc.node2.x").route()).contains("node2.x");
        assertThat(new SessionCookie("abc").route()).isEmpty();
        assertThat(cookie.requestHeader()).isEqualTo("JSESSIONID=abc123.node2");
    }

    @Test
    void theSessionCookieIsFoundAmongSetCookieHeaders() {
        assertThat(SessionCookie.fromSetCookie(List.of("other=1; Path=/", "JSESSIONID=abc.node3; Path=/; HttpOnly")))
                .contains(new SessionCookie("abc.node3"));
        assertThat(SessionCookie.fromSetCookie(List.of("JSESSIONIDX=abc.node3"))).isEmpty();
        assertThat(SessionCookie.fromSetCookie(List.of())).isEmpty();
    }

    @Test
    void aCookieTheAnswerExpiresIsNoneToKeep() {
        Instant now = Instant.parse("2026-11-29T17:00:00Z");
        List<String> undertow = List.of(
                "JSESSIONID=abc.node1; path=/; HttpOnly; Expires=Thu, 01-Jan-1970 00:00:00 GMT");
        List<String> maxAge = List.of("JSESSIONID=abc.node1; Path=/; Max-Age=0; HttpOnly");

        assertThat(SessionCookie.expiredBy(undertow, "JSESSIONID", now)).isTrue();
        assertThat(SessionCookie.expiredBy(maxAge, "JSESSIONID", now)).isTrue();
        assertThat(SessionCookie.fromSetCookie(undertow)).isEmpty();
        assertThat(SessionCookie.fromSetCookie(maxAge)).isEmpty();
    }

    @Test
    void aCookieSetToLastIsNotExpired() {
        Instant now = Instant.parse("2026-11-29T17:00:00Z");

        assertThat(SessionCookie.expiredBy(List.of("JSESSIONID=abc.node1; Path=/; HttpOnly"), "JSESSIONID", now))
                .isFalse();
        assertThat(SessionCookie.expiredBy(List.of("JSESSIONID=abc.node1; Max-Age=3600"), "JSESSIONID", now))
                .isFalse();
        assertThat(SessionCookie.expiredBy(List.of("JSESSIONID=abc.node1; Expires=Mon, 30 Nov 2026 17:00:00 GMT"),
                "JSESSIONID", now)).isFalse();
        // Max-Age wins over Expires (RFC 6265 5.3, step 3)
        assertThat(SessionCookie.expiredBy(List.of("JSESSIONID=abc.node1; Expires=Thu, 01 Jan 1970 00:00:00 GMT;"
                + " Max-Age=60"), "JSESSIONID", now)).isFalse();
        assertThat(SessionCookie.expiredBy(List.of("other=1; Max-Age=0"), "JSESSIONID", now)).isFalse();
    }
}
