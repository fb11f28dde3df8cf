package io.replsim.scenario.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RuntimeKindTest {
    private static final String LOAD = "load: {users: 10, thinkTime: 1s, duration: 10s}\n";

    @Test
    void processesAreTheDefaultRuntime() throws SpecException {
        ScenarioSpec spec = ScenarioLoader.parse("name: x\ncluster: {nodes: 2}\n" + LOAD, "x.yaml");

        assertThat(spec.cluster().runtime()).isEqualTo(RuntimeKind.PROCESS);
    }

    @Test
    void dockerIsChosenByName() throws SpecException {
        ScenarioSpec spec = ScenarioLoader.parse("name: x\ncluster: {nodes: 2, runtime: docker}\n" + LOAD, "x.yaml");

        assertThat(spec.cluster().runtime()).isEqualTo(RuntimeKind.DOCKER);
    }

    @Test
    void anUnknownRuntimeIsAProblemAtItsPathListingTheKnownOnes() {
        assertThatThrownBy(() -> ScenarioLoader.parse("name: x\ncluster: {nodes: 2, runtime: kubernetes}\n" + LOAD,
                "x.yaml"))
                .isInstanceOfSatisfying(SpecException.class, e -> assertThat(e.problems()).singleElement()
                        .satisfies(problem -> {
                            assertThat(problem.path()).isEqualTo("cluster.runtime");
                            assertThat(problem.value()).isEqualTo("kubernetes");
                            assertThat(problem.expected()).contains("process", "docker");
                        }));
    }

    @Test
    void theDockerQuickstartAsksForContainers() throws SpecException {
        assertThat(ScenarioLoader.load(java.nio.file.Path.of("quickstart-docker.yaml")).cluster().runtime())
                .isEqualTo(RuntimeKind.DOCKER);
    }
}
