package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.pathsOf;
import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.open.Arrivals;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code load.model: open}: arrivals at a rate, and clear errors for fields of the other model. */
class OpenModelSpecTest {

    private static final String HEAD = """
            name: x
            cluster: {nodes: 1}
            """;

    @Test
    void anOpenLoadReachesTheOpenDriver() throws SpecException {
        LoadSpec load = ScenarioLoader.parse(HEAD + """
                load:
                  model: open
                  rate: 250
                  arrivals: poisson
                  sessions: 40
                  warmUp: 5s
                  duration: 30s
                """, Scenarios.SOURCE).load();
        assertThat(load.open()).contains(new OpenModel(ArrivalKind.POISSON, 250, 40));
        var profile = load.toOpenProfile("/counter");
        assertThat(profile.arrivals()).isEqualTo(new Arrivals.Poisson(250));
        assertThat(profile.sessions()).isEqualTo(40);
        assertThat(profile.warmUp()).isEqualTo(Duration.ofSeconds(5));
        assertThat(profile.duration()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void arrivalsAreConstantAndSessionsAHundredUnlessStated() throws SpecException {
        LoadSpec load = ScenarioLoader.parse(HEAD + """
                load: {model: open, rate: 10, duration: 10s}
                """, Scenarios.SOURCE).load();
        assertThat(load.open()).contains(new OpenModel(ArrivalKind.CONSTANT, 10, 100));
        assertThat(load.toOpenProfile("/counter").arrivals()).isEqualTo(new Arrivals.Constant(10));
    }

    @Test
    void closedModelFieldsAreRefusedInAnOpenLoadEachAtItsPath() {
        var problems = problemsOf(HEAD + """
                load:
                  model: open
                  rate: 100
                  duration: 10s
                  users: 50
                  thinkTime: 1s
                  rampUp: 2s
                  script: [{request: cart, weight: 1}]
                  runtime: event-loop
                """);
        assertThat(pathsOf(problems)).containsExactlyInAnyOrder("load.users", "load.thinkTime", "load.rampUp",
                "load.script", "load.runtime");
        assertThat(problems.getFirst().expected()).contains("with load.model open").contains("load.rate");
    }

    @Test
    void anOpenLoadNeedsARateAboveZero() {
        assertThat(problemsOf(HEAD + "load: {model: open, duration: 10s}\n"))
                .containsExactly(new SpecProblem("load.rate", null,
                        "arrivals a second above 0 and at most 1000000, such as 200"));
        assertThat(pathsOf(problemsOf(HEAD + "load: {model: open, rate: 0, duration: 10s}\n")))
                .containsExactly("load.rate");
    }

    @Test
    void openModelFieldsAreRefusedInAClosedLoad() {
        var problems = problemsOf(HEAD + """
                load: {users: 5, thinkTime: 1s, duration: 10s, rate: 100, arrivals: poisson}
                """);
        assertThat(pathsOf(problems)).containsExactly("load.rate", "load.arrivals");
        assertThat(problems.getFirst().expected()).contains("unless load.model is open");
    }

    @Test
    void anOpenLoadTakesFaultsAimedAtItsSessions() throws SpecException {
        ScenarioSpec spec = ScenarioLoader.parse("""
                name: x
                cluster: {nodes: 2}
                load: {model: open, rate: 10, sessions: 20, duration: 10s}
                faults:
                  - {type: kill, target: primary-of-user:19, at: 5s}
                """, Scenarios.SOURCE);
        assertThat(spec.faults()).singleElement().satisfies(fault -> assertThat(fault.type()).isEqualTo("kill"));
    }

    @Test
    void anOpenLoadsFaultAimedPastItsSessionsIsRefusedAtItsPath() {
        // an open load's users are its sessions: the node serving session 20 of 20 names nobody
        var problems = problemsOf("""
                name: x
                cluster: {nodes: 2}
                load: {model: open, rate: 10, sessions: 20, duration: 10s}
                faults:
                  - {type: kill, target: primary-of-user:20, at: 5s}
                """);
        assertThat(pathsOf(problems)).containsExactly("faults[0].target");
        assertThat(problems.getFirst().expected()).contains("a user from 0 to 19");
    }
}
