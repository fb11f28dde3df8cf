package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code repeat: N}: how many drills {@code run} plays, once unless stated, refused by path when out of range. */
class RepeatSpecTest {
    private static final String SCENARIO = """
            name: drill
            cluster: {nodes: 3}
            load: {users: 10, thinkTime: 1s, duration: 60s}
            """;

    @Test
    void aScenarioIsPlayedOnceUnlessItSaysHowOften() throws Exception {
        assertThat(ScenarioLoader.parse(SCENARIO, Scenarios.SOURCE).repeat()).isEqualTo(1);
        assertThat(ScenarioLoader.parse(SCENARIO + "repeat: 20\n", Scenarios.SOURCE).repeat()).isEqualTo(20);
    }

    @Test
    void aRepeatOutOfRangeIsReportedAtItsField() {
        assertThat(problemsOf(SCENARIO + "repeat: 0\n")).singleElement()
                .isEqualTo(new SpecProblem("repeat", "0", "a whole number from 1 to 1000"));
        assertThat(problemsOf(SCENARIO + "repeat: 1001\n")).singleElement()
                .satisfies(problem -> assertThat(problem.path()).isEqualTo("repeat"));
    }
}
