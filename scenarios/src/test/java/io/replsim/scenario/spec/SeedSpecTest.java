package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code load.seed}: the driver's users draw from it when given, a whole number, and the open model refuses it. */
class SeedSpecTest {

    private static final String HEAD = """
            name: x
            cluster: {nodes: 1}
            """;

    @Test
    void aSeedReachesTheDriverAndSurvivesACapacityStep() throws SpecException {
        LoadSpec load = ScenarioLoader.parse(HEAD + "load: {users: 2, thinkTime: 1s, duration: 10s, seed: 42}\n",
                Scenarios.SOURCE).load();

        assertThat(load.toProfile("/counter").seed()).contains(42);
        assertThat(load.withUsers(40).withSteadyWindow(Duration.ofSeconds(30)).profile().seed())
                .contains(42);
        assertThat(ScenarioLoader.parse(HEAD + "load: {users: 2, thinkTime: 1s, duration: 10s}\n", Scenarios.SOURCE)
                .load().profile().seed()).isEmpty();
    }

    @Test
    void aSeedThatIsNoWholeNumberFromZeroIsNamed() {
        assertThat(problemsOf(HEAD + "load: {users: 2, thinkTime: 1s, duration: 10s, seed: -1}\n"))
                .containsExactly(new SpecProblem("load.seed", "-1", "a whole number, 0 or more"));
        assertThat(problemsOf(HEAD + "load: {users: 2, thinkTime: 1s, duration: 10s, seed: lucky}\n"))
                .containsExactly(new SpecProblem("load.seed", "lucky", "a whole number, 0 or more"));
    }

    @Test
    void anOpenLoadRefusesASeed() {
        assertThat(problemsOf(HEAD + "load: {model: open, rate: 10, duration: 10s, seed: 42}\n"))
                .containsExactly(new SpecProblem("load.seed", "42", "no seed with load.model open (not built yet: its"
                        + " arrivals draw from the clock); leave load.seed out"));
    }
}
