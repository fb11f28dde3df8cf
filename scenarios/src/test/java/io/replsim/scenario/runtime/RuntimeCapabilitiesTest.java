package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.scenario.runtime.RuntimeCapabilities.Lack;
import io.replsim.scenario.runtime.RuntimeCapabilities.ScenarioFit;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.SpecException;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** The one rule every runtime's refusals follow: a scenario's need of a capability its runtime lacks. */
class RuntimeCapabilitiesTest {

    /** Every fault type, the selectors and checks that read the nodes, a forced GC and a repeat. */
    private static final String EVERYTHING = """
            name: everything
            repeat: 2
            cluster: {nodes: 6, fullGcEvery: 1m}
            load: {users: 10, thinkTime: 100ms, duration: 60s}
            faults:
              - {type: kill, at: 5s, target: coordinator, expect: {lost: owner-and-backups-dead}}
              - {type: stop, at: 8s, target: buddy-of:node1}
              - {type: pause, at: 10s, target: node2}
              - {type: resume, at: 12s, target: node2}
              - {type: restart, at: 14s, target: node1}
              - {type: partition, at: 16s, target: node3, for: 2s}
              - {type: delay, at: 20s, target: node3, delay: 100ms, for: 2s}
              - {type: discard, at: 24s, target: node3, sender: node1, probability: 0.5, for: 2s}
              - {type: double-kill, at: 28s, target: node4, gap: 100ms}
              - {type: reset, at: 32s, target: node2, for: 2s}
            checks: {maxViewChange: 2s, maxMergeAfterHeal: 5s, maxSurvivorCpu: 0.6}
            """;

    private static ScenarioSpec spec(String yaml) throws SpecException {
        return ScenarioLoader.parse(yaml, "scenario.yaml");
    }

    @Test
    void aRuntimeThatLacksNothingRefusesNothing() throws SpecException {
        assertThat(RuntimeCapabilities.everything("process").refusals(spec(EVERYTHING))).isEmpty();
    }

    @Test
    void theNeedsOfAScenarioComeInTheOrderOfItsFileEachAtItsPath() throws SpecException {
        assertThat(ScenarioNeeds.of(spec(EVERYTHING))).extracting(need -> need.path() + " " + need.capability())
                .containsExactly("repeat FRESH_CLUSTER", "cluster.fullGcEvery FORCED_FULL_GC",
                        "faults[0].type KILL", "faults[0].target CLUSTER_VIEW", "faults[0].expect.lost CLUSTER_VIEW",
                        "faults[1].type STOP", "faults[1].target CLUSTER_VIEW", "faults[2].type PAUSE",
                        "faults[3].type PAUSE", "faults[4].type RESTART", "faults[5].type PARTITION",
                        "faults[6].type DELAY", "faults[7].type DISCARD", "faults[8].type CLUSTER_VIEW",
                        "faults[8].type KILL", "faults[9].type RESET", "checks.maxViewChange CLUSTER_VIEW",
                        "checks.maxMergeAfterHeal CLUSTER_VIEW", "checks.maxSurvivorCpu NODE_CPU");
    }

    @Test
    void onlyTheNeedsOfALackedCapabilityAreRefusedSayingWhatWhereWhyAndWhatToDo() throws SpecException {
        RuntimeCapabilities noDelay = new RuntimeCapabilities("slow-links", List.of(new Lack(RuntimeCapability.DELAY,
                "its links cannot be slowed", "run it where they can")), ScenarioFit.ANY);

        List<SpecRefusal> refusals = noDelay.refusals(spec(EVERYTHING));

        assertThat(refusals).extracting(SpecRefusal::toString).containsExactly("faults[6].type: a delay needs"
                + " delaying a node's messages (JGroups DELAY), and runtime slow-links cannot: its links cannot be"
                + " slowed; remove it, or run it where they can");
        assertThat(noDelay.has(RuntimeCapability.DELAY)).isFalse();
        assertThat(noDelay.has(RuntimeCapability.KILL)).isTrue();
    }

    @Test
    void aFlightRecordingIsANeedOnlyNodeProcessesMeet() throws SpecException {
        ScenarioSpec recorded = spec("""
                name: recorded
                cluster: {nodes: 2, jfr: true}
                load: {users: 4, thinkTime: 100ms, duration: 5s}
                """);

        assertThat(ScenarioNeeds.of(recorded)).extracting(need -> need.path() + " " + need.capability())
                .containsExactly("cluster.jfr FLIGHT_RECORDING");
        assertThat(ProcessRuntime.CAPABILITIES.refusals(recorded)).isEmpty();
        assertThat(InJvmRuntime.CAPABILITIES.refusals(recorded)).extracting(SpecRefusal::toString)
                .containsExactly("cluster.jfr: cluster.jfr (a flight recording of each node) needs a JDK Flight"
                        + " Recording of each node's own JVM, written into the run directory, and runtime in-jvm"
                        + " cannot: in-jvm nodes share this JVM, so one recording would hold every node and the load"
                        + " driver together; remove cluster.jfr, or run it on node processes (cluster.runtime:"
                        + " process)");
        assertThat(DockerRuntime.CAPABILITIES.has(RuntimeCapability.FLIGHT_RECORDING)).isFalse();
        assertThat(ScenarioNeeds.of(spec(EVERYTHING))).noneMatch(need ->
                need.capability() == RuntimeCapability.FLIGHT_RECORDING);
    }

    @Test
    void nodeMetricsAreANeedOnlyNodeProcessesMeet() throws SpecException {
        ScenarioSpec scraped = spec("""
                name: scraped
                cluster: {nodes: 2, metrics: true}
                load: {users: 4, thinkTime: 100ms, duration: 5s}
                """);

        assertThat(ScenarioNeeds.of(scraped)).extracting(need -> need.path() + " " + need.capability())
                .containsExactly("cluster.metrics METRICS");
        assertThat(ProcessRuntime.CAPABILITIES.refusals(scraped)).isEmpty();
        assertThat(DockerRuntime.CAPABILITIES.refusals(scraped)).extracting(SpecRefusal::toString)
                .containsExactly("cluster.metrics: cluster.metrics (Prometheus metrics of each node) needs each"
                        + " node's Prometheus metrics on a port of this machine's loopback, given to the node as it"
                        + " starts, and runtime docker cannot: the docker runtime publishes only each node's HTTP port"
                        + " on this machine, so no scraper outside the containers' network reaches a node's metrics"
                        + " port; remove cluster.metrics, or run it on node processes (cluster.runtime: process)");
        assertThat(InJvmRuntime.CAPABILITIES.has(RuntimeCapability.METRICS)).isFalse();
        assertThat(ScenarioNeeds.of(spec(EVERYTHING))).noneMatch(need ->
                need.capability() == RuntimeCapability.METRICS);
    }

    @Test
    void aNeedOfTheOpenModelIsTheLoadsWhenItIsOpen() throws SpecException {
        assertThat(ScenarioNeeds.loadModel(spec("""
                name: open
                cluster: {nodes: 2}
                load: {model: open, rate: 50, sessions: 20, duration: 10s}
                """))).extracting(CapabilityNeed::path, CapabilityNeed::capability)
                .containsExactly(Tuple.tuple("load.model", RuntimeCapability.OPEN_MODEL));
        assertThat(ScenarioNeeds.loadModel(spec(EVERYTHING))).isEmpty();
    }

    @Test
    void theRuntimesOwnFitIsRefusedBeforeWhatItLacks() throws SpecException {
        SpecRefusal tooMany = new SpecRefusal("cluster.nodes", "4 nodes and 2 places", "set cluster.nodes to 2");
        RuntimeCapabilities twoPlaces = new RuntimeCapabilities("two-places", List.of(new Lack(
                RuntimeCapability.NODE_CPU, "no CPU is read", "read it elsewhere")), spec -> List.of(tooMany));

        assertThat(twoPlaces.refusals(spec(EVERYTHING))).extracting(SpecRefusal::path)
                .containsExactly("cluster.nodes", "checks.maxSurvivorCpu");
    }

    @Test
    void aCapabilityDeclaredLackingTwiceIsRefused() {
        Lack pause = new Lack(RuntimeCapability.PAUSE, "no processes", "elsewhere");

        assertThatThrownBy(() -> new RuntimeCapabilities("twice", List.of(pause, pause), ScenarioFit.ANY))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("twice declares PAUSE lacking twice");
    }
}
