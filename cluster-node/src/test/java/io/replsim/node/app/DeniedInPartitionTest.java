package io.replsim.node.app;

import io.replsim.node.settings.NodeResources;
import io.replsim.node.stats.RequestCounters;
import io.replsim.node.web.AppServer;
import io.replsim.node.web.JsonWriter;
import io.replsim.replication.DegradedPartitionException;
import io.replsim.replication.NodeId;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionIdGenerator;
import io.replsim.replication.session.SessionLocator;
import io.replsim.replication.session.SessionReplicator;
import io.replsim.replication.session.SessionRetention;
import io.replsim.replication.session.SessionStore;
import io.replsim.replication.session.SessionTracking;
import io.undertow.server.handlers.PathHandler;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node whose cache refuses on a degraded side of a partition (the infinispan engine's store, here a map that
 * refuses while {@code degraded} is set) answers the user 503 naming the partition and counts it; it neither starts
 * a new session in place of the one it may not read nor hands out a cookie, and serves the same session once healed.
 */
class DeniedInPartitionTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Map<String, SessionSnapshot> cache = new ConcurrentHashMap<>();
    private final AtomicBoolean degraded = new AtomicBoolean();

    @Test
    void aRefusalIsA503NamingThePartitionCountedOnTheNodeAndTheSessionIsServedAgainOnceHealed() throws Exception {
        var requests = new RequestCounters();
        var store = new SessionStore(new NodeId("node1"), new RefusingCache(), new RefusingCache(),
                SessionTracking.DEFAULT, Clock.systemUTC(), Duration.ofSeconds(1), new SessionIdGenerator()::next,
                SessionRetention.RELEASE_AFTER_REQUEST);
        var routes = new PathHandler().addExactPath(CounterApp.PATH,
                new CounterApp(new NodeId("node1"), store, 16, requests, new JsonWriter(), LogoutCookie.EXPIRE));
        try (AppServer server = AppServer.start(InetAddress.getLoopbackAddress(), 0,
                new NodeResources(2, 1.0, Optional.empty()), routes)) {
            HttpResponse<String> first = get(server, null);
            assertThat(first.statusCode()).isEqualTo(200);
            String cookie = first.headers().firstValue("Set-Cookie").orElseThrow().split(";", 2)[0];

            degraded.set(true);
            HttpResponse<String> refused = get(server, cookie);
            HttpResponse<String> newUserRefused = get(server, null);

            for (HttpResponse<String> response : java.util.List.of(refused, newUserRefused)) {
                assertThat(response.statusCode()).isEqualTo(503);
                assertThat(response.headers().firstValue("X-Replsim-Session")).contains("denied-in-partition");
                assertThat(response.body()).contains("degraded");
                assertThat(response.headers().firstValue("Set-Cookie")).isEmpty();
            }
            assertThat(requests.deniedInPartitionCount()).isEqualTo(2);
            assertThat(requests.errors()).isEqualTo(2);
            assertThat(cache).hasSize(1);

            degraded.set(false);
            HttpResponse<String> healed = get(server, cookie);
            assertThat(healed.statusCode()).isEqualTo(200);
            assertThat(healed.body()).contains("\"serial\":2");
            assertThat(healed.headers().firstValue("Set-Cookie")).isEmpty();
        }
    }

    private static HttpResponse<String> get(AppServer server, String cookie) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + CounterApp.PATH))
                .timeout(Duration.ofSeconds(10)).GET();
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The cache as the infinispan engine sees it: refuses every read and write while degraded. */
    private final class RefusingCache implements SessionReplicator, SessionLocator {
        @Override
        public void replicate(Session session) {
            refuseIfDegraded();
            cache.put(session.id().value(), session.snapshot());
        }

        @Override
        public void invalidate(Session session) {
            refuseIfDegraded();
            cache.remove(session.id().value());
        }

        @Override
        public Optional<SessionSnapshot> locate(io.replsim.replication.SessionId id) {
            refuseIfDegraded();
            return Optional.ofNullable(cache.get(id.value()));
        }

        private void refuseIfDegraded() {
            if (degraded.get()) {
                throw new DegradedPartitionException("this member's side of a partition is degraded", null);
            }
        }
    }
}
