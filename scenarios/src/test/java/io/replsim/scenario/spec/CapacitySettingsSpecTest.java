package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.pathsOf;
import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The {@code capacity} section: the search's settings in the scenario file, each with its default. */
class CapacitySettingsSpecTest {

    private static final String HEAD = """
            name: x
            cluster: {nodes: 1}
            load: {users: 10, thinkTime: 1s, duration: 20s}
            """;

    @Test
    void everySettingIsReadAndTheRestKeepTheirDefaults() throws SpecException {
        CapacitySettings settings = ScenarioLoader.parse(HEAD + """
                capacity:
                  statistic: p99
                  latencyLimit: 500ms
                  cpuLimit: 0.5
                  startUsers: 40
                  maxSteps: 6
                  warmUp: {minRounds: 1, maxRounds: 2}
                """, Scenarios.SOURCE).capacity();
        assertThat(settings).isEqualTo(new CapacitySettings(LatencyStatistic.P99, Duration.ofMillis(500), 0.5,
                CapacitySettings.DEFAULT.errorLimit(), Optional.of(40), Optional.empty(), Optional.empty(),
                Optional.empty(), 6, new CapacityWarmUp(1, 2)));
        assertThat(ScenarioLoader.parse(HEAD, Scenarios.SOURCE).capacity()).isEqualTo(CapacitySettings.DEFAULT);
    }

    @Test
    void aWarmUpGivenOnlyItsMinimumRunsAtLeastThatManyAndNoWarmUpIsAllowed() throws SpecException {
        assertThat(ScenarioLoader.parse(HEAD + "capacity: {warmUp: {minRounds: 10}}\n", Scenarios.SOURCE).capacity()
                .warmUp()).isEqualTo(new CapacityWarmUp(10, 10));
        assertThat(ScenarioLoader.parse(HEAD + "capacity: {warmUp: {minRounds: 0, maxRounds: 0}}\n",
                Scenarios.SOURCE).capacity().warmUp()).isEqualTo(new CapacityWarmUp(0, 0));
    }

    @Test
    void aWarmUpWhoseMaximumIsBelowItsMinimumOrOutOfRangeIsReportedAtItsPath() {
        assertThat(pathsOf(problemsOf(HEAD + """
                capacity: {warmUp: {minRounds: 3, maxRounds: 2}}
                """))).containsExactly("capacity.warmUp.maxRounds");
        assertThat(pathsOf(problemsOf(HEAD + """
                capacity: {warmUp: {minRounds: -1, maxRounds: 51, rounds: 2}}
                """))).containsExactlyInAnyOrder("capacity.warmUp.minRounds", "capacity.warmUp.maxRounds",
                "capacity.warmUp.rounds");
    }

    @Test
    void badSettingsAreReportedAtTheirPaths() {
        assertThat(pathsOf(problemsOf(HEAD + """
                capacity: {statistic: p50, cpuLimit: 1.5, errorLimit: -1, maxSteps: 0, latencyLimit: 800}
                """))).containsExactlyInAnyOrder("capacity.statistic", "capacity.cpuLimit", "capacity.errorLimit",
                "capacity.maxSteps", "capacity.latencyLimit");
    }

    private static final String OPEN_HEAD = """
            name: x
            cluster: {nodes: 1}
            load: {model: open, rate: 30, duration: 20s}
            """;

    @Test
    void anOpenLoadsSearchTakesItsRateBoundsFromTheFile() throws SpecException {
        CapacitySettings settings = ScenarioLoader.parse(OPEN_HEAD + "capacity: {startRate: 40, maxRate: 400}\n",
                Scenarios.SOURCE).capacity();
        assertThat(settings.startRate()).contains(40);
        assertThat(settings.maxRate()).contains(400);
        assertThat(settings.startUsers()).isEmpty();
    }

    @Test
    void eachModelsBoundsAreRefusedForTheOtherModelAtTheirPaths() {
        assertThat(problemsOf(OPEN_HEAD + "capacity: {startUsers: 5, maxUsers: 50}\n"))
                .extracting(SpecProblem::path, SpecProblem::expected)
                .containsExactlyInAnyOrder(
                        tuple("capacity.startUsers", "no startUsers here: load.model is"
                                + " open: its search steps the arrival rate; write the first step's arrivals a second"
                                + " as capacity.startRate, or leave it out to start at load.rate"),
                        tuple("capacity.maxUsers", "no maxUsers here: load.model is"
                                + " open: its search steps the arrival rate; write its cap as capacity.maxRate"));
        assertThat(pathsOf(problemsOf(HEAD + "capacity: {startRate: 5, maxRate: 50}\n")))
                .containsExactlyInAnyOrder("capacity.startRate", "capacity.maxRate");
    }

    @Test
    void aStartAboveItsCapIsRefusedAtTheStart() throws SpecException {
        assertThat(pathsOf(problemsOf(OPEN_HEAD + "capacity: {startRate: 500, maxRate: 100}\n")))
                .containsExactly("capacity.startRate");
        assertThat(pathsOf(problemsOf(HEAD + "capacity: {startUsers: 500, maxUsers: 100}\n")))
                .containsExactly("capacity.startUsers");
        assertThat(ScenarioLoader.parse(HEAD + "capacity: {startUsers: 100, maxUsers: 100}\n", Scenarios.SOURCE)
                .capacity().maxUsers()).contains(100);
    }
}
