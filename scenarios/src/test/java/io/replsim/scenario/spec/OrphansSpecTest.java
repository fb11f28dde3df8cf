package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.replication.OrphanPolicy;
import org.junit.jupiter.api.Test;

/** {@code replication.orphans}, read and refused by path. */
class OrphansSpecTest {
    private static final String HEAD = """
            name: split
            cluster: {nodes: 3}
            load: {users: 10, thinkTime: 1s, duration: 60s}
            """;

    @Test
    void orphansWaitForARequestByDefaultAndAdoptWhenAsked() throws Exception {
        assertThat(ScenarioLoader.parse(HEAD, Scenarios.SOURCE).replication().orphans())
                .isEqualTo(OrphanPolicy.ON_REQUEST);
        assertThat(ScenarioLoader.parse(HEAD + "replication: {orphans: adopt}\n", Scenarios.SOURCE).replication()
                .orphans()).isEqualTo(OrphanPolicy.ADOPT);
    }

    @Test
    void anUnknownOrphanPolicyAndAdoptUnderInfinispanAreRefusedAtTheirField() {
        assertThat(problemsOf(HEAD + "replication: {orphans: eager}\n")).extracting(SpecProblem::path)
                .containsExactly("replication.orphans");
        assertThat(problemsOf(HEAD + "replication: {orphans: adopt, engine: infinispan}\n"))
                .extracting(SpecProblem::path).containsExactly("replication.orphans");
    }
}
