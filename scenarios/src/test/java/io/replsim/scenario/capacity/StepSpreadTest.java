package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The spread between the runs of one load: from that load's runs only, in the summary's rows and per load. */
class StepSpreadTest {

    private static StepOutcome run(int index, StepOutcome.Phase phase, int users, double... cpus) {
        List<NodeCpu> nodes = new java.util.ArrayList<>();
        for (int i = 0; i < cpus.length; i++) {
            nodes.add(new NodeCpu("node" + (i + 1), cpus[i], 1.0));
        }
        StepMeasurement m = new StepMeasurement(users, Duration.ofSeconds(15), SearchPlan.DEFAULT_WINDOW, 1_000,
                users, 50, 100, 100, 100, 0,
                true, List.of(), nodes, DriverCores.NOT_MEASURED);
        return new StepOutcome(index, phase, m, List.of());
    }

    @Test
    void eachLoadsSpreadIsTheBusiestNodeOverItsOwnRuns() {
        List<StepOutcome> steps = List.of(
                run(1, StepOutcome.Phase.STEP_UP, 400, 0.30, 0.35),
                run(2, StepOutcome.Phase.STEP_UP, 800, 0.81, 0.99),
                run(3, StepOutcome.Phase.BOUNDARY, 800, 0.41, 0.34),
                run(4, StepOutcome.Phase.BISECT, 600, 0.50, 0.45),
                run(5, StepOutcome.Phase.BOUNDARY, 800, 0.55, 0.60));

        List<StepSpread> spreads = StepSpread.of(steps);

        assertThat(spreads).extracting(StepSpread::users).containsExactly(400, 800, 600);
        StepSpread at800 = StepSpread.at(spreads, 800);
        assertThat(at800.runs()).isEqualTo(3);
        assertThat(at800.minBusiestCpu()).isEqualTo(0.41);
        assertThat(at800.maxBusiestCpu()).isEqualTo(0.99);
        assertThat(at800.ratio()).isCloseTo(0.99 / 0.41, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(StepSpread.at(spreads, 400).runs()).isEqualTo(1);
        assertThat(StepSpread.at(spreads, 400).ratio()).isEqualTo(1.0);
    }

    @Test
    void theSummaryRowsCarryTheSpreadOfEveryRunAtTheirUsers() {
        List<StepOutcome> steps = List.of(
                run(1, StepOutcome.Phase.STEP_UP, 800, 0.81, 0.99),
                run(2, StepOutcome.Phase.BOUNDARY, 800, 0.41, 0.34),
                run(3, StepOutcome.Phase.CONFIRM, 600, 0.4));
        CapacityResult result = new CapacityResult(new CapacityEstimator(CapacityCriteria.DEFAULT).estimate(steps),
                Optional.of(steps.get(2)), steps, false, WarmUp.NONE);

        CapacitySummary.Search search = CapacitySummary.searchOf(2, result);

        // the first run's row knows of the later one too
        assertThat(search.steps().getFirst().runsAtUsers()).isEqualTo(2);
        assertThat(search.steps().getFirst().busiestCpuMinAtUsers()).isEqualTo(0.41);
        assertThat(search.steps().getFirst().busiestCpuMaxAtUsers()).isEqualTo(0.99);
        assertThat(search.steps().get(2).runsAtUsers()).isEqualTo(1);
        assertThat(search.spreads()).extracting(StepSpread::users).containsExactly(800, 600);
    }

    @Test
    void aTargetWhoseCpuIsNotReadHasNoSpread() {
        StepSpread spread = StepSpread.at(StepSpread.of(List.of(run(1, StepOutcome.Phase.STEP_UP, 10),
                run(2, StepOutcome.Phase.BOUNDARY, 10))), 10);
        assertThat(spread.runs()).isEqualTo(2);
        assertThat(spread.minBusiestCpu()).isNull();
        assertThat(spread.ratio()).isNull();
    }
}
