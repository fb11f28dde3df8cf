package io.replsim.scenario.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpecProblemTest {

    @Test
    void invalidValueReadsAsPathQuotedValueAndExpectation() {
        assertThat(new SpecProblem("load.thinkTime", "fast", "a duration such as 500ms, 20s or 1m")).hasToString(
                "load.thinkTime: \"fast\" is not valid; expected a duration such as 500ms, 20s or 1m");
    }

    @Test
    void absentValueReadsAsMissing() {
        assertThat(new SpecProblem("cluster.nodes", null, "a whole number from 1 to 16"))
                .hasToString("cluster.nodes: missing; expected a whole number from 1 to 16");
    }

    @Test
    void exceptionMessageHasOneLinePerProblemPrefixedWithTheSource() {
        SpecException rejection = new SpecException("quickstart.yaml", List.of(
                new SpecProblem("cluster.nodes", null, "a whole number from 1 to 16"),
                new SpecProblem("load.users", "0", "a whole number from 1 to 100000")));

        assertThat(rejection.getMessage()).isEqualTo("""
                quickstart.yaml: cluster.nodes: missing; expected a whole number from 1 to 16
                quickstart.yaml: load.users: "0" is not valid; expected a whole number from 1 to 100000""");
    }
}
