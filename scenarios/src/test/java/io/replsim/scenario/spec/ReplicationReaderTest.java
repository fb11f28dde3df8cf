package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.replication.AsyncEnds;
import io.replsim.replication.AsyncQueueSettings;
import io.replsim.replication.BuddyPools;
import io.replsim.replication.DeliveryKind;
import io.replsim.replication.EngineKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.SessionLifecycle;
import io.replsim.replication.infinispan.InfinispanCacheFactory;
import org.infinispan.configuration.cache.CacheMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The replication section's buddy placement: its count, its pools and every way to get them wrong. */
class ReplicationReaderTest {

    private static ScenarioSpec load(String replication) throws SpecException {
        return ScenarioLoader.parse("""
                name: x
                cluster: {nodes: 4}
                replication: %s
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """.formatted(replication), Scenarios.SOURCE);
    }

    @Test
    void buddiesWithoutCountOrPoolsIsOneBuddyInNoPool() throws Exception {
        assertThat(load("{placement: buddies}").replication().placement())
                .isEqualTo(new Placement.Buddies(1, BuddyPools.none()));
    }

    @Test
    void buddiesTakeTheirCountAndPools() throws Exception {
        var placement = load("{placement: buddies, buddies: 2, buddyPools: [[node1, node2], [node3, node4]]}")
                .replication().placement();

        assertThat(placement).isEqualTo(new Placement.Buddies(2, new BuddyPools(List.of(
                Set.of(new NodeId("node1"), new NodeId("node2")), Set.of(new NodeId("node3"), new NodeId("node4"))))));
    }

    @Test
    void badPoolsAreReportedAtTheEntryThatIsWrong() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 4}
                replication:
                  placement: buddies
                  buddies: 0
                  buddyPools: [[node1, node2], node3, [node2, host4], []]
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);

        assertThat(problems).containsExactly(
                new SpecProblem("replication.buddies", "0", "a whole number from 1 to 15"),
                new SpecProblem("replication.buddyPools[1]", "node3", "a list of node names, such as [node1, node2]"),
                new SpecProblem("replication.buddyPools[2][0]", "node2",
                        "a node in one pool only; node2 is already in an earlier pool or earlier in this one"),
                new SpecProblem("replication.buddyPools[2][1]", "host4", "a node name, node1 to node16"),
                new SpecProblem("replication.buddyPools[3]", "[]", "a list of node names, such as [node1, node2]"));
    }

    @Test
    void buddyFieldsWithAnotherPlacementAreRefused() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 4}
                replication: {placement: all, buddies: 1, buddyPools: [[node1, node2]]}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);

        assertThat(problems).containsExactly(
                new SpecProblem("replication.buddies", "1", "no buddies unless placement is buddies"),
                new SpecProblem("replication.buddyPools", "[[node1, node2]]",
                        "no buddyPools unless placement is buddies"));
    }

    @Test
    void theBuddiesScenarioLoads() throws Exception {
        // Surefire runs in the module directory, next to the scenario files.
        ScenarioSpec spec = ScenarioLoader.load(Path.of("buddies.yaml"));

        assertThat(spec.cluster().nodes()).isEqualTo(5);
        assertThat(spec.replication().placement()).isEqualTo(new Placement.Buddies(1, BuddyPools.none()));
    }

    @Test
    void aPoolNamingANodeOutsideTheClusterIsAProblemAtThatName() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 4}
                replication: {placement: buddies, buddyPools: [[node1, node2], [node3, node5]]}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);

        assertThat(problems).containsExactly(new SpecProblem("replication.buddyPools[1][1]", "node5",
                "a node of this cluster, node1 to node4 (cluster.nodes is 4)"));
    }

    @Test
    void theEngineIsJGroupsUnlessTheScenarioNamesInfinispan() throws Exception {
        assertThat(load("{placement: all}").replication().engine()).isEqualTo(EngineKind.JGROUPS);
        assertThat(load("{engine: infinispan, placement: buddies}").replication().engine())
                .isEqualTo(EngineKind.INFINISPAN);
    }

    @Test
    void whatInfinispanCannotExpressIsAProblemAtItsFieldSayingWhatToUseInstead() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 4}
                replication:
                  engine: infinispan
                  placement: buddies
                  buddyPools: [[node1, node2], [node3, node4]]
                  delivery: async
                  async: {maxBundle: 10}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);

        assertThat(problems).extracting(SpecProblem::path).containsExactly("replication.buddyPools",
                "replication.async");
        assertThat(problems.getFirst().expected()).startsWith("under engine: infinispan, buddy pools have no"
                + " Infinispan equivalent").endsWith("remove buddyPools, or use engine: jgroups");
        assertThat(problems.get(1).expected()).contains("remove the async section, or use engine: jgroups");
    }

    @Test
    void theInfinispanScenarioAsksForADistributedSyncCacheWithTwoOwners() throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(Path.of("infinispan.yaml"));

        assertThat(spec.replication().engine()).isEqualTo(EngineKind.INFINISPAN);
        assertThat(InfinispanCacheFactory.cacheMode(spec.replication())).isEqualTo(CacheMode.DIST_SYNC);
        assertThat(InfinispanCacheFactory.cacheConfiguration(spec.replication()).clustering().hash().numOwners())
                .isEqualTo(2);
    }

    @Test
    void asyncDeliveryTakesItsQueueSettingsOrTheirDefaults() throws Exception {
        assertThat(load("{delivery: async}").replication().asyncQueue()).isEqualTo(AsyncQueueSettings.DEFAULT);

        var spec = load("{delivery: async, async: {bundleTimeout: 0ms, maxBundle: 10, capacity: 50}}").replication();

        assertThat(spec.delivery()).isEqualTo(DeliveryKind.ASYNC);
        assertThat(spec.asyncQueue()).isEqualTo(new AsyncQueueSettings(Duration.ZERO, 10, 50));
    }

    @Test
    void badAsyncSettingsAndAsyncUnderSyncAreReported() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 4}
                replication: {delivery: async, async: {bundleTimeout: 11s, maxBundle: 0, capacity: lots, linger: 1ms}}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);
        List<SpecProblem> underSync = problemsOf("""
                name: x
                cluster: {nodes: 4}
                replication: {delivery: sync, async: {capacity: 5}}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);

        assertThat(problems).containsExactly(
                new SpecProblem("replication.async.linger", "linger",
                        "one of the fields of replication.async: bundleTimeout, maxBundle, capacity, ends"),
                new SpecProblem("replication.async.bundleTimeout", "11s",
                        "a duration from 0ms (send at once) to 10s, such as 5ms"),
                new SpecProblem("replication.async.maxBundle", "0", "a whole number from 1 to 10000"),
                new SpecProblem("replication.async.capacity", "lots", "a whole number from 1 to 10000000"));
        assertThat(underSync).containsExactly(
                new SpecProblem("replication.async", "{capacity: 5}", "no async unless delivery is async"));
    }

    @Test
    void asyncEndsAreAwaitedUnlessQueuedAndAnythingElseIsNamed() throws Exception {
        assertThat(load("{delivery: async}").replication().asyncQueue().ends()).isEqualTo(AsyncEnds.AWAITED);
        assertThat(load("{delivery: async, async: {ends: queued}}").replication().asyncQueue().ends())
                .isEqualTo(AsyncEnds.QUEUED);
        List<SpecProblem> later = problemsOf("""
                name: x
                cluster: {nodes: 4}
                replication: {delivery: async, async: {ends: later}}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);

        assertThat(later).containsExactly(new SpecProblem("replication.async.ends", "later",
                "how a session's end travels under async, one of: awaited, queued"));
    }

    @Test
    void sessionsNeverExpireUnlessTheScenarioSetsMaxInactiveInterval() throws Exception {
        assertThat(load("{placement: all}").replication().lifecycle()).isEqualTo(SessionLifecycle.NEVER_EXPIRE);
        assertThat(load("{maxInactiveInterval: 30m}").replication().lifecycle())
                .isEqualTo(SessionLifecycle.expiringAfter(Duration.ofMinutes(30)));
        assertThat(load("{maxInactiveInterval: 2s}").sessionShapes().maxInactiveInterval())
                .as("what the driver is told, to tell an expired session from a lost one")
                .contains(Duration.ofSeconds(2));
    }

    @Test
    void aMaxInactiveIntervalThatIsNotAPositiveDurationIsAProblemAtItsPath() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 4}
                replication: {maxInactiveInterval: 0s}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);
        List<SpecProblem> unitless = problemsOf("""
                name: x
                cluster: {nodes: 4}
                replication: {maxInactiveInterval: 1800}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);
        List<SpecProblem> onInfinispan = problemsOf("""
                name: x
                cluster: {nodes: 4}
                replication: {engine: infinispan, maxInactiveInterval: 30m}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);

        assertThat(problems).containsExactly(new SpecProblem("replication.maxInactiveInterval", "0s",
                "a whole number of milliseconds above 0s and at most 24h, such as 30m (the servlet default) or 2s;"
                        + " leave it out and sessions never expire"));
        assertThat(unitless).extracting(SpecProblem::path).containsExactly("replication.maxInactiveInterval");
        assertThat(onInfinispan).extracting(SpecProblem::path).containsExactly("replication.maxInactiveInterval");
        assertThat(onInfinispan.getFirst().expected()).contains("remove maxInactiveInterval, or use engine: jgroups");
    }

    @Test
    void maxActiveSessionsIsAWholeNumberFromOneAndOnlyOnTheJGroupsEngine() throws Exception {
        assertThat(load("{maxActiveSessions: 500}").replication().lifecycle().maxActiveSessions()).hasValue(500);
        assertThat(load("{}").replication().lifecycle().maxActiveSessions()).isEmpty();

        List<SpecProblem> zero = problemsOf("""
                name: x
                cluster: {nodes: 4}
                replication: {maxActiveSessions: 0}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);
        List<SpecProblem> onInfinispan = problemsOf("""
                name: x
                cluster: {nodes: 4}
                replication: {engine: infinispan, maxActiveSessions: 10}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);

        assertThat(zero).containsExactly(new SpecProblem("replication.maxActiveSessions", "0",
                "a whole number from 1 to 10000000"));
        assertThat(onInfinispan).extracting(SpecProblem::path).containsExactly("replication.maxActiveSessions");
    }
}
