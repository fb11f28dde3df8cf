package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.think.ThinkMode;
import io.replsim.loadgen.think.ThinkTime;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The load's think-time model and its explicit phases: ramp-up, warm-up and what is left, the steady window. */
class LoadPhasesSpecTest {

    private static final String HEAD = """
            name: x
            cluster: {nodes: 1}
            load:
              users: 10
              thinkTime: 1s
              duration: 60s
            """;

    private static LoadSpec loadOf(String extraLoadFields) throws SpecException {
        return ScenarioLoader.parse(HEAD + extraLoadFields, Scenarios.SOURCE).load();
    }

    @Test
    void withoutTheNewFieldsTheLoadMeansWhatItAlwaysMeant() throws SpecException {
        LoadSpec load = loadOf("");
        assertThat(load.thinkDistribution()).isEqualTo(ThinkDistribution.FIXED);
        assertThat(load.profile().thinkMode()).isEqualTo(ThinkMode.AFTER_RESPONSE);
        assertThat(load.warmUp()).isZero();
        assertThat(load.steadyStart()).isZero();
        assertThat(load.steady()).isEqualTo(Duration.ofSeconds(60));
        assertThat(load.toProfile("/counter").thinkTime()).isEqualTo(new ThinkTime.Fixed(Duration.ofSeconds(1)));
    }

    @Test
    void theDistributionTheModeAndThePhasesAreReadAndReachTheDriver() throws SpecException {
        LoadSpec load = loadOf("""
                  rampUp: 10s
                  warmUp: 15s
                  thinkDistribution: uniform
                  thinkMode: cycle-time
                """);
        assertThat(load.steadyStart()).isEqualTo(Duration.ofSeconds(25));
        assertThat(load.steady()).isEqualTo(Duration.ofSeconds(35));
        var profile = load.toProfile("/counter");
        assertThat(profile.thinkTime()).isEqualTo(new ThinkTime.Uniform(Duration.ZERO, Duration.ofSeconds(2)));
        assertThat(profile.thinkMode()).isEqualTo(ThinkMode.CYCLE_TIME);
        assertThat(profile.steadyStart()).isEqualTo(Duration.ofSeconds(25));
        assertThat(loadOf("  thinkDistribution: negative-exponential\n").toProfile("/counter").thinkTime())
                .isEqualTo(ThinkTime.NegativeExponential.withMean(Duration.ofSeconds(1)));
    }

    @Test
    void unknownNamesAreReportedWithTheirPathAndTheAcceptedNames() {
        List<SpecProblem> problems = problemsOf(HEAD + """
                  thinkDistribution: poisson
                  thinkMode: after-request
                """);
        assertThat(problems).containsExactly(
                new SpecProblem("load.thinkDistribution", "poisson",
                        "a think-time distribution, one of: fixed, uniform, negative-exponential"),
                new SpecProblem("load.thinkMode", "after-request", "a think mode, one of: after-response, cycle-time"));
    }

    @Test
    void aWarmUpThatLeavesNoSteadyWindowIsReportedAtItsPath() {
        List<SpecProblem> problems = problemsOf(HEAD + """
                  rampUp: 20s
                  warmUp: 40s
                """);
        assertThat(problems).containsExactly(new SpecProblem("load.warmUp", "40s", "a duration that leaves a steady"
                + " window: load.rampUp + load.warmUp shorter than load.duration (1m)"));
    }

    @Test
    void aWarmUpWithoutAUnitIsReported() {
        assertThat(problemsOf(HEAD + "  warmUp: 10\n")).singleElement()
                .satisfies(problem -> assertThat(problem.path()).isEqualTo("load.warmUp"));
    }
}
