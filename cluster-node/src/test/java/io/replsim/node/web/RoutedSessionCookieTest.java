package io.replsim.node.web;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.undertow.server.handlers.CookieImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class RoutedSessionCookieTest {
    @Test
    void theIdIsBeforeTheFirstDotAndTheRouteAfterIt() {
        assertThat(RoutedSessionCookie.from(new CookieImpl("JSESSIONID", "abc-_1.node2")))
                .contains(new RoutedSessionCookie(new SessionId("abc-_1"), new NodeId("node2")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", ".node1", "abc.", "abc.node.1"})
    void aCookieOfAnotherShapeMeansNoSession(String value) {
        assertThat(RoutedSessionCookie.from(new CookieImpl("JSESSIONID", value))).isEmpty();
    }

    @Test
    void theIssuedCookieCarriesTheRouteForTheWholeSite() {
        var cookie = new RoutedSessionCookie(new SessionId("abc"), new NodeId("node3")).toCookie();

        assertThat(cookie.getValue()).isEqualTo("abc.node3");
        assertThat(cookie.getPath()).isEqualTo("/");
        assertThat(cookie.isHttpOnly()).isTrue();
    }
}
