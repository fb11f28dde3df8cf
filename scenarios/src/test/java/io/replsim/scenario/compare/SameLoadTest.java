package io.replsim.scenario.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import org.junit.jupiter.api.Test;

/** Scenarios compared must put the same load on the same cluster; what the comparison is about may differ. */
class SameLoadTest {

    private static ScenarioSpec spec(String yaml) throws Exception {
        return ScenarioLoader.parse(yaml, "test.yaml");
    }

    @Test
    void replicationAndSessionShapeMayDiffer() throws Exception {
        ScenarioSpec full = spec("""
                name: full
                cluster: {nodes: 3}
                replication: {granularity: session}
                load: {users: 60, thinkTime: 500ms, duration: 20s}
                """);
        ScenarioSpec none = spec("""
                name: none
                cluster: {nodes: 3}
                replication: {placement: none}
                workload: {payload: 64KB}
                load: {users: 60, thinkTime: 500ms, duration: 20s}
                """);

        assertThat(SameLoad.differences("full.yaml", full, "none.yaml", none)).isEmpty();
    }

    @Test
    void anotherLoadOrClusterIsNamedByItsFieldPathWithBothValues() throws Exception {
        ScenarioSpec reference = spec("""
                name: a
                cluster: {nodes: 3}
                load: {users: 60, thinkTime: 500ms, duration: 20s}
                """);
        ScenarioSpec other = spec("""
                name: b
                cluster: {nodes: 2}
                load: {users: 80, thinkTime: 1s, duration: 20s}
                """);

        assertThat(SameLoad.differences("a.yaml", reference, "b.yaml", other)).containsExactly(
                "cluster.nodes: 3 in a.yaml, 2 in b.yaml",
                "load.users: 60 in a.yaml, 80 in b.yaml",
                "load.thinkTime: 500ms in a.yaml, 1000ms in b.yaml");
    }

    @Test
    void aCapacityComparisonNamesWhatAUserDoesButLetsTheUsersAndTheClusterSearchedDiffer() throws Exception {
        ScenarioSpec reference = spec("""
                name: a
                cluster: {nodes: 1, cpuBudget: 0.3}
                load: {users: 60, thinkTime: 500ms, duration: 20s}
                """);
        ScenarioSpec larger = spec("""
                name: b
                cluster: {nodes: 5, cpuBudget: 0.4}
                load: {users: 80, thinkTime: 500ms, duration: 20s}
                """);
        ScenarioSpec busier = spec("""
                name: c
                cluster: {nodes: 5, cpuBudget: 0.4}
                load: {users: 80, thinkTime: 1s, duration: 20s}
                """);

        assertThat(SameLoad.searchedDifferences("a.yaml", reference, "b.yaml", larger)).isEmpty();
        assertThat(SameLoad.searchedDifferences("a.yaml", reference, "c.yaml", busier))
                .containsExactly("load.thinkTime: 500ms in a.yaml, 1000ms in c.yaml");
        assertThat(SameLoad.searchedPaths()).doesNotContain("load.users", "cluster.nodes", "cluster.cpuBudget")
                .contains("load.thinkTime", "load.script");
    }

    @Test
    void anotherUserRuntimeIsNoOtherLoadButIsNamedAsTheDriversDiffering() throws Exception {
        ScenarioSpec loop = spec("""
                name: a
                cluster: {nodes: 3}
                load: {users: 60, thinkTime: 500ms, duration: 20s}
                """);
        ScenarioSpec threads = spec("""
                name: b
                cluster: {nodes: 3}
                load: {users: 60, thinkTime: 500ms, duration: 20s, runtime: virtual-threads}
                """);

        assertThat(SameLoad.differences("a.yaml", loop, "b.yaml", threads)).isEmpty();
        assertThat(SameLoad.searchedDifferences("a.yaml", loop, "b.yaml", threads)).isEmpty();
        assertThat(SameLoad.driverDifferences("a.yaml", loop, "b.yaml", threads))
                .containsExactly("load.runtime: event-loop in a.yaml, virtual-threads in b.yaml");
        assertThat(SameLoad.driverDifferences("a.yaml", loop, "a2.yaml", loop)).isEmpty();
    }
}
