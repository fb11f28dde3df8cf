package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.pathsOf;
import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code load.history}: off unless asked, true or false only, and refused for the open model. */
class HistorySpecTest {

    private static final String HEAD = """
            name: x
            cluster: {nodes: 1}
            """;

    @Test
    void aLoadKeepsAHistoryOnlyWhenAsked() throws SpecException {
        assertThat(ScenarioLoader.parse(HEAD + "load: {users: 2, thinkTime: 1s, duration: 10s}\n", Scenarios.SOURCE)
                .load().history()).isFalse();
        assertThat(ScenarioLoader.parse(HEAD + "load: {users: 2, thinkTime: 1s, duration: 10s, history: true}\n",
                Scenarios.SOURCE).load().history()).isTrue();
    }

    @Test
    void aHistoryThatIsNotTrueOrFalseIsNamed() {
        assertThat(problemsOf(HEAD + "load: {users: 2, thinkTime: 1s, duration: 10s, history: maybe}\n"))
                .singleElement().satisfies(problem -> {
                    assertThat(problem.path()).isEqualTo("load.history");
                    assertThat(problem.expected()).contains("true or false");
                });
    }

    @Test
    void anOpenLoadRefusesAHistory() {
        var problems = problemsOf(HEAD + "load: {model: open, rate: 10, duration: 10s, history: true}\n");
        assertThat(pathsOf(problems)).containsExactly("load.history");
        assertThat(problems.getFirst().expected()).contains("no history with load.model open");
    }
}
