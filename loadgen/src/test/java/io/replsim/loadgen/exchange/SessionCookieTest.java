package io.replsim.loadgen.exchange;

import org.junit.jupiter.api.Test;

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
}
