package io.replsim.scenario;

import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.replsim.replication.session.SessionIdGenerator;
import io.undertow.server.handlers.CookieImpl;
import org.junit.jupiter.api.RepeatedTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The session cookie has two sides that never see each other's code: the node writes {@code JSESSIONID=<id>.<route>}
 * (io.replsim.node.web.RoutedSessionCookie) and the driver reads the session and route from it (loadgen's SessionCookie).
 * This module has both, so this is where the two are held to one format, both ways.
 */
class SessionCookieFormatTest {

    private final SessionIdGenerator ids = new SessionIdGenerator();

    @RepeatedTest(20)
    void theDriverReadsTheSessionAndRouteTheNodeWrote() {
        SessionId id = ids.next();
        var written = new io.replsim.node.web.RoutedSessionCookie(id, new NodeId("node2")).toCookie();

        var read = new SessionCookie(written.getValue());

        assertThat(written.getName()).isEqualTo("JSESSIONID");
        assertThat(read.sessionId()).isEqualTo(id.value());
        assertThat(read.route()).contains("node2");
    }

    @RepeatedTest(20)
    void theNodeReadsTheCookieTheDriverSendsBack() {
        SessionId id = ids.next();
        var sent = new SessionCookie(id.value() + ".node3");
        String value = sent.requestHeader().substring("JSESSIONID=".length());

        var read = io.replsim.node.web.RoutedSessionCookie.from(new CookieImpl("JSESSIONID", value));

        assertThat(read).contains(new io.replsim.node.web.RoutedSessionCookie(id, new NodeId("node3")));
    }
}
