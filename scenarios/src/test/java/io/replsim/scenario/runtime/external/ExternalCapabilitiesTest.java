package io.replsim.scenario.runtime.external;

import io.replsim.scenario.runtime.SpecRefusal;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.SpecException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What a cluster replsim does not run refuses of a scenario, each at its place in the file, before the run. */
class ExternalCapabilitiesTest {

    private static final NodeCommand KILL = new NodeCommand("kill", "kill -9 {node}", NodeCommand.DEFAULT_TIMEOUT);
    private static final NodeCommand RESTART = new NodeCommand("restart", "start {node}", NodeCommand.DEFAULT_TIMEOUT);
    private static final ExternalTarget FOUR_NODES = target(4, Optional.of(KILL), Optional.of(RESTART));

    /** node1 to node{count}, on ports that are never reached. */
    private static ExternalTarget target(int count, Optional<NodeCommand> kill, Optional<NodeCommand> restart) {
        return targetNamed(IntStream.rangeClosed(1, count).mapToObj(n -> "node" + n).toList(), kill, restart);
    }

    private static ExternalTarget targetNamed(List<String> names, Optional<NodeCommand> kill,
                                              Optional<NodeCommand> restart) {
        return new ExternalTarget(names.stream()
                .map(name -> new NodeEndpoint(name, URI.create("http://127.0.0.1:" + (names.indexOf(name) + 1))))
                .toList(), "/counter", TargetProtocol.REPLSIM, kill, restart);
    }

    private static final String HEAD = """
            name: drill
            cluster: {nodes: 4}
            load: {users: 10, thinkTime: 100ms, duration: 30s}
            """;

    private static ScenarioSpec scenario(String rest) throws SpecException {
        return ScenarioLoader.parse(HEAD + rest, "drill.yaml");
    }

    private static List<String> pathsRefused(String rest, ExternalTarget target) throws SpecException {
        return ExternalCapabilities.of(target).refusals(scenario(rest)).stream().map(SpecRefusal::path)
                .toList();
    }

    @Test
    void killsAndRestartsOfNamedNodesAndOfTheTargetsTheDriverKnowsRun() throws SpecException {
        assertThat(ExternalCapabilities.of(FOUR_NODES).refusals(scenario("""
                faults:
                  - {type: kill, at: 5s, target: primary-of-most}
                  - {type: restart, at: 8s, target: node1}
                  - {type: kill, at: 12s, target: primary-of-user:3, expect: {maxLost: 0, maxStale: 0, maxFailover: 5s}}
                  - {type: kill, every: 5s, from: 15s, until: 25s, target: random, seed: 7}
                  - {type: restart, at: 26s, target: node2}
                checks: {maxSessionsLost: 0, maxSessionsStale: 0, p90Below: 800ms, maxFailover: 5s,
                         maxErrorsPerFault: 10, maxP90Recovery: 5s}
                """))).isEmpty();
    }

    @Test
    void everyFaultThatNeedsReplsimsHoldOnTheNodesIsRefusedAtItsType() throws SpecException {
        assertThat(pathsRefused("""
                faults:
                  - {type: pause, at: 5s, target: node1, for: 2s}
                  - {type: stop, at: 10s, target: node2}
                  - {type: partition, at: 12s, target: node1, for: 2s}
                  - {type: delay, at: 16s, target: node1, delay: 100ms, for: 2s}
                  - {type: double-kill, at: 20s, target: node1, gap: 100ms}
                  - {type: pause, at: 24s, target: node2}
                  - {type: resume, at: 26s, target: node2}
                  - {type: reset, at: 28s, target: node1, for: 2s}
                """, FOUR_NODES)).containsExactly("faults[0].type", "faults[1].type", "faults[2].type",
                "faults[3].type", "faults[4].type", "faults[5].type", "faults[6].type", "faults[7].type");
    }

    @Test
    void targetsThatNeedTheClustersViewOrNameNoTargetAreRefusedAtTheTarget() throws SpecException {
        ExternalTarget tomcats = targetNamed(List.of("node1", "node2", "tomcat-a", "tomcat-b"), Optional.of(KILL),
                Optional.of(RESTART));
        List<SpecRefusal> refusals = ExternalCapabilities.of(tomcats).refusals(scenario("""
                faults:
                  - {type: kill, at: 5s, target: coordinator}
                  - {type: kill, at: 10s, target: buddy-of:node1}
                  - {type: kill, at: 15s, target: node3}
                """));
        // the target's own fit (a name it has not) comes before what the runtime lacks
        assertThat(refusals).extracting(SpecRefusal::path)
                .containsExactly("faults[2].target", "faults[0].target", "faults[1].target");
        assertThat(refusals.get(0).toString()).isEqualTo("faults[2].target: no --target is named node3; name the"
                + " node on the command line (--target node3=http://host:port), or use one of [node1, node2,"
                + " tomcat-a, tomcat-b]");
        assertThat(refusals.get(1).toString()).isEqualTo("faults[0].target: the coordinator as a target needs the"
                + " cluster's views and which node backs up which, read from the nodes, and runtime --target cannot:"
                + " the cluster's JGroups views are read from replsim's admin API on its own nodes, and your"
                + " cluster's are not measured; name a node, or use primary-of-most, primary-of-user:<n> or random,"
                + " or run the drill on replsim's own cluster (without --target)");
    }

    @Test
    void aLogoutThatKeepsTheCookieIsReplsimsOwnAppsAndIsRefusedAtItsField() throws SpecException {
        assertThat(pathsRefused("""
                workload: {logoutCookie: keep}
                """, FOUR_NODES)).containsExactly("workload.logoutCookie");
        assertThat(pathsRefused("""
                workload: {logoutCookie: expire}
                """, FOUR_NODES)).as("the default, named, asks nothing of the target").isEmpty();
    }

    @Test
    void aServiceTimeAndAJGroupsStackAreReplsimsOwnNodesAndAreRefusedAtTheirSections() throws SpecException {
        assertThat(pathsRefused("""
                workload: {serviceTime: {cpu: 2ms, wait: 10ms}}
                jgroups: {preset: wildfly}
                """, FOUR_NODES)).containsExactly("workload.serviceTime", "jgroups");
        assertThat(pathsRefused("""
                jgroups: {preset: tuned}
                """, FOUR_NODES)).as("the default stack, named, asks nothing of the target").isEmpty();
    }

    @Test
    void aScenarioWithMoreOrFewerNodesThanTargetsIsRefusedAtClusterNodes() throws SpecException {
        List<SpecRefusal> refusals = ExternalCapabilities.of(target(2, Optional.of(KILL), Optional.empty()))
                .refusals(scenario(""));
        assertThat(refusals).extracting(SpecRefusal::toString).containsExactly("cluster.nodes: the"
                + " scenario has 4 nodes and 2 --target were given, and the check that every fault leaves a node"
                + " alive counts the scenario's; set cluster.nodes to 2, one per --target");
    }

    @Test
    void aKillWithoutAKillCommandAndARestartWithoutARestartCommandAreRefused() throws SpecException {
        List<SpecRefusal> refusals = ExternalCapabilities.of(target(4, Optional.empty(), Optional.empty()))
                .refusals(scenario("""
                        faults:
                          - {type: kill, at: 5s, target: node1}
                          - {type: restart, at: 10s, target: node1}
                        """));
        assertThat(refusals).extracting(SpecRefusal::path).containsExactly("faults[0].type", "faults[1].type");
        assertThat(refusals.get(0).toString()).contains("a kill needs a way to kill a node, and runtime --target"
                + " cannot: a kill against your cluster runs your kill command, and none was given; remove it, or"
                + " give --kill-command");
        assertThat(refusals.get(1).instead()).contains("give --restart-command");
    }

    @Test
    void checksAndExpectationsThatNeedTheNodesOwnStatsAreRefusedAtTheirKeys() throws SpecException {
        assertThat(pathsRefused("""
                faults:
                  - {type: kill, at: 5s, target: node1, expect: {maxLost: 0, maxViewChange: 2s, maxSurvivorCpu: 0.6}}
                  - {type: kill, at: 10s, target: node2, expect: {lost: owner-and-backups-dead, maxMergeAfterHeal: 3s}}
                checks: {maxSessionsLost: 0, maxViewChange: 2s, maxMergeAfterHeal: 5s, maxSurvivorCpu: 0.6}
                """, FOUR_NODES)).containsExactlyInAnyOrder("faults[0].expect.maxViewChange",
                "faults[0].expect.maxSurvivorCpu", "faults[1].expect.lost", "faults[1].expect.maxMergeAfterHeal",
                "checks.maxViewChange", "checks.maxMergeAfterHeal", "checks.maxSurvivorCpu");
    }

    @Test
    void aRepeatAForcedFullGcAndAUserScriptAreRefused() throws SpecException {
        assertThat(ExternalCapabilities.of(FOUR_NODES).refusals(ScenarioLoader.parse("""
                name: drill
                repeat: 3
                cluster: {nodes: 4, fullGcEvery: 1m}
                load:
                  users: 10
                  thinkTime: 100ms
                  duration: 30s
                  script:
                    - {request: counter, weight: 3}
                    - {request: cart, weight: 1}
                """, "drill.yaml"))).extracting(SpecRefusal::path)
                .containsExactly("repeat", "cluster.fullGcEvery", "load.script");
    }

    @Test
    void anOpenModelLoadIsRefused() throws SpecException {
        assertThat(ExternalCapabilities.of(FOUR_NODES).refusals(ScenarioLoader.parse("""
                name: open
                cluster: {nodes: 4}
                load: {model: open, rate: 50, sessions: 20, duration: 10s}
                """, "open.yaml"))).extracting(SpecRefusal::path)
                .containsExactly("load.model");
    }

    @Test
    void theQuickstartIsRefusedOnlyForItsViewCheckAndTheExampleDrillRunsAsItIs() throws Exception {
        Path scenarios = Path.of("."); // the module's directory, where the scenario files are
        ExternalTarget three = target(3, Optional.of(KILL), Optional.of(RESTART));
        assertThat(ExternalCapabilities.of(three).refusals(ScenarioLoader.load(scenarios.resolve("quickstart.yaml"))))
                .extracting(SpecRefusal::path).containsExactly("checks.maxViewChange");
        assertThat(ExternalCapabilities.of(target(2, Optional.of(KILL), Optional.empty()))
                .refusals(ScenarioLoader.load(scenarios.resolve("external-drill.yaml")))).isEmpty();
    }
}
