package io.replsim.scenario.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.think.ThinkMode;
import io.replsim.loadgen.think.ThinkTime;
import io.replsim.node.settings.NodeResources;
import io.replsim.replication.ReplicationSpec;
import io.replsim.settings.DataSize;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScenarioDefaultsTest {

    @Test
    void minimalFileGetsEveryDefault() throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(resource("minimal.yaml"));

        assertThat(spec.name()).isEqualTo("minimal");
        assertThat(spec.description()).isEmpty();
        assertThat(spec.cluster())
                .isEqualTo(ClusterSpec.processes(2, NodeResources.SCENARIO_DEFAULTS, DataSize.parse("256MB")));
        assertThat(spec.replication()).isEqualTo(ReplicationSpec.fullSync());
        assertThat(spec.workload()).isEqualTo(new WorkloadSpec(App.COUNTER, DataSize.parse("4KB")));
        assertThat(spec.load()).isEqualTo(new LoadSpec(LoadProfile.builder("/counter").users(10)
                .thinkTime(new ThinkTime.Fixed(Duration.ZERO)).duration(Duration.ofMinutes(1))
                .requestTimeout(Duration.ofSeconds(5)).build(), Optional.empty(), false));
        assertThat(spec.faults()).isEmpty();
        assertThat(spec.checks()).isEmpty();
    }

    @Test
    void fullFileKeepsEveryValueAsWrittenAndChecksInFileOrder() throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(resource("full.yaml"));

        assertThat(spec.name()).isEqualTo("full_spec-2");
        assertThat(spec.description()).isEqualTo("every field written out, none left to a default");
        assertThat(spec.cluster()).isEqualTo(ClusterSpec.processes(4, new NodeResources(32, 1.5, Optional.empty()),
                DataSize.parse("1g")));
        assertThat(spec.cluster().nodeNames()).containsExactly("node1", "node2", "node3", "node4");
        assertThat(spec.replication())
                .isEqualTo(ReplicationSpec.builder().syncTimeout(Duration.ofMillis(1500)).build());
        assertThat(spec.workload()).isEqualTo(new WorkloadSpec(App.COUNTER, DataSize.parse("16KB")));
        assertThat(spec.load()).isEqualTo(new LoadSpec(LoadProfile.builder("/counter").users(250)
                .thinkTime(ThinkDistribution.NEGATIVE_EXPONENTIAL.withMean(Duration.ofSeconds(1)))
                .rampUp(Duration.ofSeconds(10)).duration(Duration.ofMinutes(2)).requestTimeout(Duration.ofSeconds(3))
                .thinkMode(ThinkMode.CYCLE_TIME).warmUp(Duration.ofSeconds(20)).build(), Optional.empty(), false));
        assertThat(spec.faults()).containsExactly(
                new KillSpec(Duration.ofSeconds(30), new NodeSelector.Named("node2")),
                new KillSpec(Duration.ofMinutes(1), new NodeSelector.PrimaryOfMost()));
        assertThat(spec.checks()).containsExactly(
                new Check.MaxFailover(Duration.ofSeconds(4)),
                new Check.MaxSessionsLost(1),
                new Check.MaxSessionsStale(2),
                new Check.LatencyBelow(50, Duration.ofMillis(100)),
                new Check.LatencyBelow(95, Duration.ofSeconds(1)),
                new Check.LatencyBelow(99, Duration.ofSeconds(2)),
                new Check.LatencyBelow(100, Duration.ofSeconds(5)),
                new Check.MaxViewChange(Duration.ofSeconds(3)));
    }

    @Test
    void emptySectionsTakeTheirDefaults() throws SpecException {
        ScenarioSpec spec = ScenarioLoader.parse("""
                name: empty-sections
                cluster: {nodes: 3}
                replication:
                workload:
                load: {users: 1, thinkTime: 1s, duration: 10s}
                faults:
                checks:
                """, "test.yaml");

        assertThat(spec.replication()).isEqualTo(ReplicationSpec.fullSync());
        assertThat(spec.workload().payload()).isEqualTo(DataSize.parse("4KB"));
        assertThat(spec.faults()).isEmpty();
        assertThat(spec.checks()).isEmpty();
    }

    @Test
    void quotedNumbersAndNumericNamesReadAsTheyLook() throws SpecException {
        ScenarioSpec spec = ScenarioLoader.parse("""
                name: 2024
                cluster: {nodes: "3", cpuBudget: "0.5"}
                load: {users: 1e3, thinkTime: 1s, duration: 10s}
                workload: {payload: 512}
                """, "test.yaml");

        assertThat(spec.name()).isEqualTo("2024");
        assertThat(spec.cluster().nodes()).isEqualTo(3);
        assertThat(spec.cluster().cpuBudgetCores()).isEqualTo(0.5);
        assertThat(spec.load().users()).isEqualTo(1000);
        assertThat(spec.workload().payload().bytes()).isEqualTo(512);
    }

    @Test
    void scenarioListsAreImmutable() throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(resource("full.yaml"));

        assertThat(spec.faults()).isUnmodifiable();
        assertThat(spec.checks()).isUnmodifiable();
    }

    static Path resource(String name) throws URISyntaxException {
        return Path.of(ScenarioDefaultsTest.class.getResource("/spec/" + name).toURI());
    }
}
