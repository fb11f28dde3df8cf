package io.replsim.loadgen.route;

import io.replsim.loadgen.exchange.NodeEndpoint;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StickyRouterTest {

    private static final Duration RETRY = Duration.ofSeconds(5);

    private final NodeEndpoint node1 = node("node1", 18081);
    private final NodeEndpoint node2 = node("node2", 18082);
    private final NodeEndpoint node3 = node("node3", 18083);
    private final ManualClock clock = new ManualClock();
    private final StickyRouter router = new StickyRouter(List.of(node1, node2, node3), RETRY, clock);

    private static NodeEndpoint node(String name, int port) {
        return new NodeEndpoint(name, URI.create("http://127.0.0.1:" + port));
    }

    @Test
    void aCookieRouteGoesToItsNodeEveryTime() throws Exception {
        for (int i = 0; i < 10; i++) {
            assertThat(router.route("node2")).isEqualTo(node2);
        }
    }

    @Test
    void newSessionsAreSpreadEvenlyRoundRobin() throws Exception {
        Map<String, Integer> chosen = new HashMap<>();
        for (int i = 0; i < 300; i++) {
            chosen.merge(router.route(null).name(), 1, Integer::sum);
        }
        assertThat(chosen).containsExactlyInAnyOrderEntriesOf(Map.of("node1", 100, "node2", 100, "node3", 100));
    }

    @Test
    void anUnknownRouteIsTreatedAsNoSession() throws Exception {
        assertThat(List.of(router.route("elsewhere"), router.route("elsewhere"), router.route("elsewhere")))
                .containsExactlyInAnyOrder(node1, node2, node3);
    }

    @Test
    void newSessionsSpreadEvenlyOverTheLiveNodesWhenOneIsDown() throws Exception {
        router.markDown(node2);
        Map<String, Integer> chosen = new HashMap<>();
        for (int i = 0; i < 200; i++) {
            chosen.merge(router.route(null).name(), 1, Integer::sum);
        }
        assertThat(chosen).containsExactlyInAnyOrderEntriesOf(Map.of("node1", 100, "node3", 100));
    }

    @Test
    void withNextARefusedNodeIsMarkedDownAndItsSessionsGoToTheNextLiveNodeInOrder() throws Exception {
        StickyRouter router = new StickyRouter(List.of(node1, node2, node3), RETRY, clock,
                new Balancer(true, FailoverChoice.NEXT));
        router.markDown(node2);
        assertThat(router.isLive(node2)).isFalse();
        assertThat(router.route("node2")).isEqualTo(node3);

        router.markDown(node3);
        assertThat(router.route("node2")).as("wraps around the list").isEqualTo(node1);
        assertThat(router.route("node3")).isEqualTo(node1);
        assertThat(router.route("node1")).isEqualTo(node1);
    }

    @Test
    void withSpreadADownNodesSessionsGoToTheLiveNodeWithTheFewestRequestsInFlight() throws Exception {
        router.markDown(node1);
        router.requestSent(node2);
        router.requestSent(node2);
        router.requestSent(node3);
        for (int i = 0; i < 5; i++) {
            assertThat(router.route("node1")).isEqualTo(node3);
        }
        router.requestSent(node3);
        router.requestSent(node3);
        assertThat(router.route("node1")).as("node3 now has 3 in flight, node2 2").isEqualTo(node2);
        router.requestEnded(node2);
        router.requestEnded(node2);
        assertThat(router.inFlight(node2)).isZero();
        assertThat(router.route("node1")).isEqualTo(node2);
    }

    @Test
    void withSpreadADownNodesSessionsTakeTheLeastBusyNodesInTurnSoNoSurvivorTakesThemAll() throws Exception {
        router.markDown(node1);
        Map<String, Integer> chosen = new HashMap<>();
        for (int i = 0; i < 20; i++) {
            chosen.merge(router.route("node1").name(), 1, Integer::sum);
        }
        assertThat(chosen).isEqualTo(Map.of("node2", 10, "node3", 10));
    }

    @Test
    void withSpreadALiveNodeStillKeepsItsOwnSessionsHoweverBusy() throws Exception {
        for (int i = 0; i < 5; i++) {
            router.requestSent(node2);
        }
        assertThat(router.route("node2")).isEqualTo(node2);
    }

    @Test
    void aBalancerThatIsNotStickySendsEachRequestOfOneSessionToTheNextLiveNodeInTurn() throws Exception {
        StickyRouter roundRobin = new StickyRouter(List.of(node1, node2, node3), RETRY, clock,
                new Balancer(false, FailoverChoice.SPREAD));
        Map<String, Integer> chosen = new HashMap<>();
        for (int i = 0; i < 30; i++) {
            chosen.merge(roundRobin.route("node1").name(), 1, Integer::sum);
        }
        assertThat(chosen).isEqualTo(Map.of("node1", 10, "node2", 10, "node3", 10));
        roundRobin.markDown(node3);
        assertThat(List.of(roundRobin.route("node3"), roundRobin.route("node3"))).containsExactlyInAnyOrder(node1, node2);
    }

    @Test
    void aDownNodeIsTriedAgainOnlyAfterTheRetryInterval() throws Exception {
        router.markDown(node1);
        clock.advance(RETRY.minusMillis(1));
        assertThat(router.route("node1")).isIn(node2, node3);

        clock.advance(Duration.ofMillis(1));
        assertThat(router.isLive(node1)).isTrue();
        assertThat(router.route("node1")).isEqualTo(node1);
    }

    @Test
    void aNodeThatFailsAgainAfterItsRetryIsDownForAnotherInterval() throws Exception {
        router.markDown(node1);
        clock.advance(RETRY);
        assertThat(router.route("node1")).isEqualTo(node1);
        router.markDown(node1);
        clock.advance(RETRY.minusMillis(1));
        assertThat(router.route("node1")).isIn(node2, node3);
    }

    @Test
    void allNodesDownIsAClearErrorThatSaysWhenToRetry() {
        router.markDown(node1);
        clock.advance(Duration.ofSeconds(1));
        router.markDown(node2);
        router.markDown(node3);

        assertThatThrownBy(() -> router.route("node1"))
                .isInstanceOf(NoLiveNodeException.class)
                .hasMessageContaining("no live node")
                .hasMessageContaining("node1").hasMessageContaining("node2").hasMessageContaining("node3")
                .satisfies(e -> assertThat(((NoLiveNodeException) e).retryAt())
                        .isEqualTo(clock.instant().minusSeconds(1).plus(RETRY)));
        assertThatThrownBy(() -> router.route(null)).isInstanceOf(NoLiveNodeException.class);
    }

    @Test
    void roundRobinStaysEvenUnderConcurrentCallers() throws Exception {
        Map<String, AtomicLong> chosen = new ConcurrentHashMap<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
            List<Future<?>> callers = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                callers.add(pool.submit(() -> {
                    for (int i = 0; i < 3000; i++) {
                        chosen.computeIfAbsent(router.route(null).name(), k -> new AtomicLong()).incrementAndGet();
                    }
                    return null;
                }));
            }
            for (Future<?> caller : callers) {
                caller.get();
            }
        }
        assertThat(chosen.values()).extracting(AtomicLong::get).containsOnly(4000L);
    }

    @Test
    void duplicateNodeNamesAreRejected() {
        assertThatThrownBy(() -> new StickyRouter(List.of(node1, node("node1", 9)), RETRY, clock))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unique");
    }
}
