package io.replsim.scenario.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.runtime.AdminClient;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.spec.NodeSelector;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Random targets without a cluster: a runtime that only lists its live nodes. */
class TargetResolverTest {

    private static ClusterRuntime liveNodes(String... names) {
        List<NodeHandle> nodes = java.util.Arrays.stream(names)
                .map(name -> new NodeHandle(name, URI.create("http://127.0.0.1:1")))
                .toList();
        return new ClusterRuntime() {
            @Override public void start(Duration viewDeadline) { }
            @Override public List<NodeHandle> nodes() { return nodes; }
            @Override public List<NodeHandle> liveNodes() { return nodes; }
            @Override public AdminClient admin(String node) { throw new AssertionError("random needs no admin API"); }
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
        TargetResolver resolver = new TargetResolver(liveNodes("node1", "node2", "node3"), serving);

        assertThat(resolver.resolve(new NodeSelector.PrimaryOfUser(0))).isEqualTo("node2");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> resolver.resolve(new NodeSelector.PrimaryOfUser(1)))
                .hasMessage("user 1 was last served by node9, which is down");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> resolver.resolve(new NodeSelector.PrimaryOfUser(2)))
                .hasMessage("user 2 has had no response yet, so the node holding its session is unknown");
    }
}
