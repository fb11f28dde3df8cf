package io.replsim.scenario.runtime.tomcat;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.runtime.SpecRefusal;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a Tomcat drill cannot do, refused before anything starts, each at its place in the file. */
class TomcatCapabilitiesTest {

    private static List<SpecRefusal> refusalsOf(String yaml) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(yaml, "tomcat.yaml");
        return TomcatCapabilities.OF_TOMCAT.refusals(spec);
    }

    @Test
    void killsStopsPausesResumesAndRestartsOfNamedOrBusiestMembersRun() throws Exception {
        assertThat(refusalsOf("""
                name: t
                cluster: {nodes: 3, runtime: tomcat}
                load: {users: 10, thinkTime: 1s, duration: 60s}
                faults:
                  - {type: kill, at: 5s, target: primary-of-most}
                  - {type: pause, at: 10s, target: node2, for: 3s}
                  - {type: stop, at: 20s, target: random}
                  - {type: restart, at: 30s, target: node1}
                checks: {maxSessionsLost: 0, maxFailover: 5s}
                """)).isEmpty();
    }

    @Test
    void partitionsDelaysViewsAndTheCartAreRefusedWithTheirPaths() throws Exception {
        List<SpecRefusal> refusals = refusalsOf("""
                name: t
                cluster: {nodes: 3, runtime: tomcat}
                workload: {app: cart}
                load: {users: 10, thinkTime: 1s, duration: 60s}
                faults:
                  - {type: partition, at: 5s, target: node1, for: 5s}
                  - {type: delay, at: 15s, target: node2, delay: 100ms, for: 5s}
                  - {type: kill, at: 25s, target: coordinator}
                  - {type: reset, at: 30s, target: node2, for: 3s}
                checks: {maxViewChange: 2s}
                """);
        assertThat(refusals).extracting(SpecRefusal::path).containsExactly("workload.app", "faults[0].type",
                "faults[1].type", "faults[2].target", "faults[3].type", "checks.maxViewChange");
        assertThat(refusals.get(4).why()).isEqualTo("a reset needs resetting the connections a node answers, after"
                + " it processed their requests (replsim's admin API), and runtime tomcat cannot: replsim switches it"
                + " on in its own nodes' HTTP listener through their admin API, and a Tomcat member has none");
        assertThat(refusals.get(1).why()).isEqualTo("a partition needs cutting nodes off from each other (JGroups"
                + " DISCARD, or the network), and runtime tomcat cannot: replsim switches it on in its own nodes'"
                + " JGroups stacks; Tomcat's Tribes has no such switch here");
    }
}
