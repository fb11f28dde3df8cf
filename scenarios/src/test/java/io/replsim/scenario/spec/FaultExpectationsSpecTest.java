package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A fault's own {@code expect:} map: read into typed expectations by the fault's place, refused by path. */
class FaultExpectationsSpecTest {
    private static final String HEAD = """
            name: drill
            cluster: {nodes: 3}
            load: {users: 10, thinkTime: 1s, duration: 60s}
            faults:
            """;

    @Test
    void eachFaultsExpectationsAreReadUnderItsPlaceInTheList() throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(HEAD + """
                  - {type: pause, at: 5s, target: node2, for: 3s}
                  - type: kill
                    at: 20s
                    target: primary-of-most
                    expect: {maxLost: 0, maxStale: 1, maxViewChange: 2s, maxFailover: 3s, maxErrorsPerFault: 40}
                  - {type: kill, at: 30s, target: node3, expect: {lost: owner-and-backups-dead}}
                """, Scenarios.SOURCE);

        assertThat(spec.expectationsOf(0)).isEmpty();
        assertThat(spec.expectationsOf(1)).containsExactly(
                new FaultExpectation.MaxLost(0), new FaultExpectation.MaxStale(1),
                new FaultExpectation.Bound(new Check.MaxViewChange(Duration.ofSeconds(2))),
                new FaultExpectation.Bound(new Check.MaxFailover(Duration.ofSeconds(3))),
                new FaultExpectation.Bound(new Check.MaxErrorsPerFault(40)));
        assertThat(spec.expectationsOf(2)).containsExactly(new FaultExpectation.LostExactlyUnreplicated());
    }

    @Test
    void expectationMistakesAreReportedAtTheirField() {
        List<SpecProblem> problems = problemsOf(HEAD + """
                  - {type: kill, at: 20s, target: node1, expect: {maxLost: -1}}
                  - {type: kill, at: 21s, target: node2, expect: {lost: all}}
                  - {type: restart, at: 22s, target: node1, expect: {maxViewChange: 0s}}
                  - {type: restart, at: 23s, target: node2, expect: {maxSessionsLost: 0}}
                  - {type: pause, at: 24s, target: node3, expect: 0}
                  - {type: resume, at: 25s, expect: {maxLost: 0}}
                """);

        assertThat(Scenarios.pathsOf(problems)).containsExactly("faults[0].expect.maxLost", "faults[1].expect.lost",
                "faults[2].expect.maxViewChange", "faults[3].expect.maxSessionsLost", "faults[4].expect",
                "faults[5].expect");
        assertThat(problems.get(1).expected()).startsWith("owner-and-backups-dead (exactly the sessions whose owner");
        assertThat(problems.get(3).expected()).contains("maxLost, maxStale, lost, maxViewChange, maxFailover");
    }
}
