package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The {@code discard} fault (a lossy link, one direction), read and refused by path. */
class DiscardSpecTest {
    private static final String HEAD = """
            name: split
            cluster: {nodes: 3}
            load: {users: 10, thinkTime: 1s, duration: 60s}
            """;

    @Test
    void aDiscardReadsIntoItsRecord() throws Exception {
        List<FaultSpec> faults = ScenarioLoader.parse(HEAD + """
                faults:
                  - {type: discard, at: 10s, target: node2, sender: node1, probability: 0.3, for: 10s}
                """, Scenarios.SOURCE).faults();

        assertThat(faults).containsExactly(new DiscardSpec(new Schedule.At(Duration.ofSeconds(10)),
                new NodeSelector.Named("node2"), "node1", 0.3, Optional.of(Duration.ofSeconds(10))));
    }

    @Test
    void discardMistakesAreReportedAtTheirField() {
        List<SpecProblem> problems = problemsOf(HEAD + """
                faults:
                  - {type: discard, at: 5s, target: node2, sender: node2, probability: 0.3}
                  - {type: discard, at: 5s, target: node2, sender: node9, probability: 0.3}
                  - {type: discard, at: 5s, target: node2, sender: node1, probability: 1.5}
                  - {type: discard, at: 5s, target: node2, sender: node1}
                  - {type: discard, at: 5s, target: node2, probability: 0.3}
                """);

        assertThat(problems).extracting(SpecProblem::path, SpecProblem::expected).containsExactly(
                tuple("faults[0].sender", "another node than the target: a node does not lose its own messages"),
                tuple("faults[1].sender", "a node name, one of: node1, node2, node3"),
                tuple("faults[2].probability", "a share of the messages above 0 and at most 1, such as 0.3"),
                tuple("faults[3].probability", "a share of the messages above 0 and at most 1, such as 0.3"),
                tuple("faults[4].sender", "the node whose messages the target loses, one of: node1, node2, node3"));
    }
}
