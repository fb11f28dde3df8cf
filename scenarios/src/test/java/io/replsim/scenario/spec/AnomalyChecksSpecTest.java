package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.anomaly.AnomalyKind;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code checks.maxAnomalies}: a limit per anomaly kind by its key, only over a run that records its history. */
class AnomalyChecksSpecTest {

    private static final String SCENARIO = """
            name: x
            cluster: {nodes: 2}
            load: {users: 4, thinkTime: 1s, duration: 5s%s}
            checks: {maxAnomalies: %s}
            """;

    @Test
    void eachKindNamedGetsItsLimit() throws SpecException {
        ScenarioSpec spec = ScenarioLoader.parse(SCENARIO.formatted(", history: true",
                "{lostUpdate: 0, indeterminateWriteApplied: 3}"), Scenarios.SOURCE);

        assertThat(spec.checks()).containsExactly(new Check.MaxAnomalies(Map.of(AnomalyKind.LOST_UPDATE, 0L,
                AnomalyKind.INDETERMINATE_WRITE_APPLIED, 3L)));
    }

    @Test
    void aLimitWithoutAHistoryIsAProblemSayingWhatToAdd() {
        assertThat(problemsOf(SCENARIO.formatted("", "{lostUpdate: 0}"))).singleElement()
                .satisfies(problem -> {
                    assertThat(problem.path()).isEqualTo("checks.maxAnomalies");
                    assertThat(problem.expected()).contains("add history: true to load");
                });
    }

    @Test
    void anUnknownKindAnEmptyMapAndANegativeLimitAreProblems() {
        assertThat(problemsOf(SCENARIO.formatted(", history: true", "{lostUpdates: 0}")))
                .anySatisfy(problem -> assertThat(problem.path()).isEqualTo("checks.maxAnomalies.lostUpdates"));
        assertThat(problemsOf(SCENARIO.formatted(", history: true", "{}"))).singleElement()
                .satisfies(problem -> assertThat(problem.expected()).contains("lostUpdate, readYourWritesViolated"));
        assertThat(problemsOf(SCENARIO.formatted(", history: true", "{writeAppliedTwice: -1}"))).singleElement()
                .satisfies(problem -> assertThat(problem.path()).isEqualTo("checks.maxAnomalies.writeAppliedTwice"));
    }
}
