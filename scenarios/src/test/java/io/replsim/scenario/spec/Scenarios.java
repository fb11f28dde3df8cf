package io.replsim.scenario.spec;

import static org.assertj.core.api.Assertions.fail;

import java.util.List;

/** Runs the loader on test text and hands back what it rejected, so each test states only what it checks. */
final class Scenarios {

    static final String SOURCE = "test.yaml";

    private Scenarios() {
    }

    static List<SpecProblem> problemsOf(String yaml) {
        return rejectionOf(yaml).problems();
    }

    static SpecException rejectionOf(String yaml) {
        try {
            ScenarioSpec accepted = ScenarioLoader.parse(yaml, SOURCE);
            return fail("expected the scenario to be rejected, but it loaded as " + accepted);
        } catch (SpecException rejected) {
            return rejected;
        }
    }

    static List<String> pathsOf(List<SpecProblem> problems) {
        return problems.stream().map(SpecProblem::path).toList();
    }
}
