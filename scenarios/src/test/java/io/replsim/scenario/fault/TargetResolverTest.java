package io.replsim.scenario.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.runtime.AdminClient;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.spec.NodeSelector;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Targets without a cluster: a runtime that only lists its nodes and which of them live, and, for a runtime whose
 * nodes' stats are not read (a cluster replsim does not run, Tomcat members), the driver's sticky table.
 */
class TargetResolverTest {

    private static ClusterRuntime liveNodes(String... names) {
        return nodes(List.of(names), List.of(names), true);
    }

    /** {@code names} in their order, those in {@code live} live; its admin API is never to be asked. */
    private static ClusterRuntime nodes(List<String> names, List<String> live, boolean readsNodeStats) {
        return nodes(names, live, readsNodeStats, node -> {
            throw new AssertionError("no admin API to ask");
        });
    }

    /** As above, each node's admin API answered by {@code admin}. */
    private static ClusterRuntime nodes(List<String> names, List<String> live, boolean readsNodeStats,
                                        Function<String, AdminClient> admin) {
        List<NodeHandle> nodes = names.stream().map(name -> new NodeHandle(name, URI.create("http://127.0.0.1:1")))
                .toList();
        return new ClusterRuntime() {
            @Override public void start(Duration viewDeadline) { }
            @Override public List<NodeHandle> nodes() { return nodes; }
            @Override public List<NodeHandle> liveNodes() {
                return nodes.stream().filter(node -> live.contains(node.name())).toList();
            }
            @Override public boolean readsNodeStats() { return readsNodeStats; }
            @Override public AdminClient admin(String node) { return admin.apply(node); }
            @Override public void kill(String node) { }
            @Override public void stop(String node) { }
            @Override public void pause(String node) { }
            @Override public void resume(String node) { }
            @Override public void restart(String node) { }
            @Override public void close() { }
        };
    }

    private static List<String> draws(TargetResolver resolver, long seed, int count) {
        List<String> drawn = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            try {
                drawn.add(resolver.resolve(new NodeSelector.Random(seed)));
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        return drawn;
    }

    @Test
    void theSameSeedDrawsTheSameLiveNodesInEveryRunWhateverTheListOrder() {
        List<String> first = draws(new TargetResolver(liveNodes("node1", "node2", "node3")), 7, 20);
        List<String> again = draws(new TargetResolver(liveNodes("node3", "node1", "node2")), 7, 20);

        assertThat(again).isEqualTo(first);
        assertThat(first).hasSize(20).isSubsetOf("node1", "node2", "node3");
        assertThat(first.stream().distinct().count()).as("20 draws from 3 nodes reach more than one").isGreaterThan(1);
    }

    @Test
    void differentSeedsDrawDifferentSequences() {
        List<String> seven = draws(new TargetResolver(liveNodes("node1", "node2", "node3")), 7, 20);
        List<String> eight = draws(new TargetResolver(liveNodes("node1", "node2", "node3")), 8, 20);

        assertThat(eight).isNotEqualTo(seven);
        assertThat(seven.stream().distinct().count()).isGreaterThan(1);
    }

    @Test
    void thePrimaryOfAUserIsTheLiveNodeServingItAndAnUnservedOrDeadOneIsAClearError() throws Exception {
        UserNodes serving = user -> switch (user) {
            case 0 -> java.util.Optional.of("node2");
            case 1 -> java.util.Optional.of("node9");
            default -> java.util.Optional.empty();
        };
        TargetResolver resolver = new TargetResolver(liveNodes("node1", "node2", "node3"), serving, 3);

        assertThat(resolver.resolve(new NodeSelector.PrimaryOfUser(0))).isEqualTo("node2");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> resolver.resolve(new NodeSelector.PrimaryOfUser(1)))
                .hasMessage("user 1 was last served by node9, which is down");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> resolver.resolve(new NodeSelector.PrimaryOfUser(2)))
                .hasMessage("user 2 has had no response yet, so the node holding its session is unknown");
    }

    /** Users 0, 1, 2, ... served by the nodes listed, in order; a null is a user not served yet. */
    private static UserNodes serving(String... nodes) {
        return user -> user < nodes.length ? java.util.Optional.ofNullable(nodes[user]) : java.util.Optional.empty();
    }

    private static String primaryOfMost(ClusterRuntime runtime, UserNodes serving, int users)
            throws InterruptedException {
        return new TargetResolver(runtime, serving, users).resolve(new NodeSelector.PrimaryOfMost());
    }

    private static final ClusterRuntime WITHOUT_STATS = nodes(List.of("a", "b", "c"), List.of("a", "b", "c"), false);

    @Test
    void withoutTheNodesStatsThePrimaryOfMostIsTheNodeServingTheMostUsers() throws Exception {
        assertThat(primaryOfMost(WITHOUT_STATS, serving("a", "c", "c", "b", "c", "a"), 6)).isEqualTo("c");
    }

    @Test
    void onlyTheUsersOfTheLoadCount() throws Exception {
        // users past the load's count are not asked, whatever the table would say
        assertThat(primaryOfMost(WITHOUT_STATS, serving("a", "b", "b", "b"), 2)).isEqualTo("a");
    }

    @Test
    void aTieGoesToTheFirstNodeInOrder() throws Exception {
        assertThat(primaryOfMost(WITHOUT_STATS, serving("c", "b", "b", "c"), 4)).isEqualTo("b");
    }

    @Test
    void aNodeThatIsDownIsNeverThePrimaryOfMost() throws Exception {
        ClusterRuntime bDown = nodes(List.of("a", "b"), List.of("a"), false);
        // the router's table still names b for users who have not been answered since the kill
        assertThat(primaryOfMost(bDown, serving("b", "b", "b", "a"), 4)).isEqualTo("a");
    }

    @Test
    void aUserServedByANodeThatIsNoneOfTheRuntimesIsNotCounted() throws Exception {
        assertThat(primaryOfMost(WITHOUT_STATS, serving("x", "x", "a"), 3)).isEqualTo("a");
    }

    @Test
    void noPrimaryOfMostBeforeAnyUserWasServed() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> primaryOfMost(WITHOUT_STATS, serving(null, null), 2))
                .hasMessage("no user has been served by a node that is up yet, so the primary of most sessions is"
                        + " unknown");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> primaryOfMost(WITHOUT_STATS, UserNodes.NONE, 10))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void withoutTheNodesStatsTheCoordinatorAndABuddyAreUnknownAndSaySo() {
        TargetResolver resolver = new TargetResolver(WITHOUT_STATS, serving("a"), 1);

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> resolver.resolve(new NodeSelector.Coordinator()))
                .hasMessage("the coordinator is read from the nodes' views, and this runtime's nodes tell replsim"
                        + " none");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> resolver.resolve(new NodeSelector.BuddyOf("a")))
                .hasMessageStartingWith("the buddy of a is read from the nodes' views");
    }

    /**
     * A runtime whose nodes own {@code owned} sessions each (in node order) and answer their stats only once every
     * live node has been asked: asked one after another, the first waits out the deadline and counts as unknown.
     */
    private static ClusterRuntime answeringOnlyWhenAllAreAsked(Map<String, Integer> owned) {
        CyclicBarrier allAsked = new CyclicBarrier(owned.size());
        List<String> names = List.copyOf(owned.keySet());
        return nodes(names, names, true, node -> new AdminClient(node, (method, path, body) -> {
            assertThat(path).isEqualTo("/admin/stats");
            try {
                allAsked.await(10, TimeUnit.SECONDS);
            } catch (BrokenBarrierException | TimeoutException e) {
                throw new IOException(node + " was asked alone", e);
            }
            return "{\"node\": \"" + node + "\", \"sessions\": {\"owned\": " + owned.get(node) + "}}";
        }));
    }

    @Test
    void thePrimaryOfMostSessionsAsksTheNodesSideBySideSoABusyNodeDoesNotPutTheFaultOffForTheOthers()
            throws Exception {
        Map<String, Integer> owned = new LinkedHashMap<>();
        owned.put("node1", 12);
        owned.put("node2", 31);
        owned.put("node3", 20);

        assertThat(primaryOfMost(answeringOnlyWhenAllAreAsked(owned), UserNodes.NONE, 0)).isEqualTo("node2");
    }
}
