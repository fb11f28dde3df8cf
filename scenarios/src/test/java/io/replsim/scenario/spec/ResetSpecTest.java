package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The {@code reset} fault (answers lost after the node processed their requests), read and refused by path. */
class ResetSpecTest {
    private static final String HEAD = """
            name: reset
            cluster: {nodes: 3}
            load: {users: 10, thinkTime: 1s, duration: 20s}
            """;

    @Test
    void aResetReadsIntoItsRecordWithOrWithoutAnEnd() throws Exception {
        List<FaultSpec> faults = ScenarioLoader.parse(HEAD + """
                faults:
                  - {type: reset, at: 5s, target: node1, for: 3s}
                  - {type: reset, at: 12s, target: primary-of-most}
                """, Scenarios.SOURCE).faults();

        assertThat(faults).containsExactly(
                new ResetSpec(new Schedule.At(Duration.ofSeconds(5)), new NodeSelector.Named("node1"),
                        Optional.of(Duration.ofSeconds(3))),
                new ResetSpec(new Schedule.At(Duration.ofSeconds(12)), new NodeSelector.PrimaryOfMost(),
                        Optional.empty()));
        assertThat(faults.getFirst().type()).isEqualTo("reset");
    }

    @Test
    void resetMistakesAreReportedAtTheirField() {
        List<SpecProblem> problems = problemsOf(HEAD + """
                faults:
                  - {type: reset, at: 5s}
                  - {type: reset, at: 5s, target: node9, for: 3s}
                  - {type: reset, at: 5s, target: node1, for: 0s}
                  - {type: reset, at: 5s, target: node1, for: 3s, delay: 100ms}
                  - {type: reset, at: 25s, target: node1}
                """);

        assertThat(problems).extracting(SpecProblem::path).containsExactly("faults[0].target", "faults[1].target",
                "faults[2].for", "faults[3].delay", "faults[4].at");
        assertThat(problems.get(1).expected()).endsWith("or a node name, one of: node1, node2, node3");
        assertThat(problems.get(2).expected()).isEqualTo(FaultReader.POSITIVE_AT_MOST_A_DAY);
    }
}
