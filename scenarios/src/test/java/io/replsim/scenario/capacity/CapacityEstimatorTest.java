package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.node.settings.NodeResources;
import io.replsim.scenario.spec.ClusterSpec;
import io.replsim.settings.DataSize;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The answer worked out from made-up steps: which limit is fitted, over which steps, and what bounds it. */
class CapacityEstimatorTest {

    private static final CapacityEstimator ESTIMATOR = new CapacityEstimator(CapacityCriteria.DEFAULT);
    private static final Duration SHORT = Duration.ofSeconds(8);
    private static final Duration LONG = Duration.ofSeconds(24);

    /** A valid step: the busiest of three 0.4-core nodes at {@code cpu} of its budget, p90 and errors as given. */
    private static StepOutcome step(List<StepOutcome> steps, int users, double cpu, double p90Ms, double errors,
                                    Duration window, DriverCores driver) {
        List<NodeCpu> nodes = List.of(new NodeCpu("node1", cpu * 0.4, 0.4), new NodeCpu("node2", 0.1, 0.4),
                new NodeCpu("node3", 0.1, 0.4));
        StepMeasurement m = new StepMeasurement(users, Duration.ofSeconds(30), window, users * 8L, users, p90Ms / 2,
                p90Ms, p90Ms, p90Ms, errors, true, List.of(), nodes, driver);
        StepOutcome outcome = new StepOutcome(steps.size() + 1, StepOutcome.Phase.BOUNDARY, m,
                CapacityCriteria.DEFAULT.broken(m));
        steps.add(outcome);
        return outcome;
    }

    private static CapacitySummary.Search summarized(List<StepOutcome> steps, CapacityEstimate estimate) {
        return CapacitySummary.searchOf(3, new CapacityResult(estimate, Optional.empty(), steps, false, WarmUp.NONE));
    }

    private static StepOutcome cpuStep(List<StepOutcome> steps, int users, double cpu, Duration window) {
        return step(steps, users, cpu, 5, 0, window, new DriverCores(0.2, 2));
    }

    /** 60% at 4,000 users, 10 points more per 1,000; the short windows 3 points higher, as measured. */
    private static double truth(int users, Duration window) {
        return 0.6 + (users - 4_000) / 10_000.0 + (window.equals(SHORT) ? 0.03 : 0);
    }

    private static List<StepOutcome> search(Random noise, double sdAt8s) {
        List<StepOutcome> steps = new ArrayList<>();
        for (int users : new int[] {1_000, 2_000, 4_000, 8_000, 6_000, 5_000, 3_000, 3_500}) {
            cpuStep(steps, users, truth(users, SHORT) + noise.nextGaussian() * sdAt8s, SHORT);
        }
        for (int users : new int[] {4_000, 3_900, 4_000, 4_100}) {
            cpuStep(steps, users, truth(users, LONG) + noise.nextGaussian() * sdAt8s / Math.sqrt(3), LONG);
        }
        return steps;
    }

    @Test
    void everyValidStepNearTheBoundaryMakesTheLineAndItsIntervalHoldsTheTruth() {
        CapacityEstimate estimate = ESTIMATOR.estimate(search(new Random(11), 0.02));

        assertThat(estimate.method()).isEqualTo(CapacityEstimate.Method.FIT);
        assertThat(estimate.binding()).containsExactly(Limit.CPU);
        assertThat(estimate.low()).isLessThanOrEqualTo(4_000);
        assertThat(estimate.high()).isGreaterThanOrEqualTo(4_000);
        assertThat(estimate.users()).isBetween(estimate.low(), estimate.high());
        LimitFit cpu = estimate.fits().getFirst();
        assertThat(cpu.fromUsers()).as("1,000 and 2,000 users are too far below").isEqualTo(3_000);
        assertThat(cpu.windowMs()).isEqualTo(24_000);
    }

    @Test
    void noisierStepsGiveAWiderIntervalOrNone() {
        CapacityEstimate quiet = ESTIMATOR.estimate(search(new Random(11), 0.01));
        // the readings: 5-10 points between runs of one load
        CapacityEstimate noisy = ESTIMATOR.estimate(search(new Random(11), 0.08));

        assertThat(quiet.fitted()).isTrue();
        if (noisy.fitted()) {
            assertThat(noisy.high() - noisy.low()).isGreaterThan(4 * (quiet.high() - quiet.low()));
        } else {
            assertThat(noisy.note()).containsAnyOf("rises less than its readings scatter",
                    "too wide to stand for the steps");
        }
    }

    @Test
    void flatReadingsNearTheLimitGiveNoIntervalAndTheAnswerFromTheSteps() {
        List<StepOutcome> steps = new ArrayList<>();
        double[] readings = {0.58, 0.62, 0.55, 0.64, 0.59, 0.61, 0.57};
        int[] users = {3_000, 3_100, 3_200, 3_300, 3_400, 3_500, 3_600};
        for (int i = 0; i < users.length; i++) {
            cpuStep(steps, users[i], readings[i], LONG);
        }

        CapacityEstimate estimate = ESTIMATOR.estimate(steps);

        assertThat(estimate.method()).isEqualTo(CapacityEstimate.Method.STEPS);
        assertThat(estimate.users()).as("3,000 passed, 3,100 failed").isEqualTo(3_000);
        assertThat(estimate.note()).contains("CPU: the busiest node's CPU over 7 valid steps");
    }

    @Test
    void overloadedStepsStayOutOfTheCpuLine() {
        List<StepOutcome> steps = search(new Random(11), 0.01);
        // a node whose queue grows reads its quota: 95% at 4,500 users with a p90 of 2 s
        step(steps, 4_500, 0.95, 2_000, 0, LONG, new DriverCores(0.2, 2));

        CapacityEstimate estimate = ESTIMATOR.estimate(steps);

        assertThat(estimate.fitted()).isTrue();
        assertThat(estimate.low()).isLessThanOrEqualTo(4_000);
        assertThat(estimate.high()).isGreaterThanOrEqualTo(4_000);
    }

    @Test
    void errorsFailingFirstBindTheAnswerFromTheSteps() {
        List<StepOutcome> steps = search(new Random(11), 0.01);
        step(steps, 3_200, truth(3_200, LONG), 5, 0.01, LONG, new DriverCores(0.2, 2));

        CapacityEstimate estimate = ESTIMATOR.estimate(steps);

        assertThat(estimate.method()).isEqualTo(CapacityEstimate.Method.STEPS);
        assertThat(estimate.binding()).containsExactly(Limit.ERRORS);
        assertThat(estimate.users()).isEqualTo(3_000);
        assertThat(estimate.note()).contains("ERRORS failed first, and has no measure to fit");
    }

    @Test
    void errorsBelowWhereTheLineReachesItsLimitMakeTheAnswerTheStepsOwn() {
        List<StepOutcome> steps = search(new Random(11), 0.03);
        CapacityEstimate open = ESTIMATOR.estimate(steps);
        int below = open.users() - 100;
        step(steps, below, truth(below, LONG), 5, 0.01, LONG, new DriverCores(0.2, 2));

        CapacityEstimate bound = ESTIMATOR.estimate(steps);

        assertThat(open.fitted()).isTrue();
        assertThat(bound.method()).isEqualTo(CapacityEstimate.Method.STEPS);
        assertThat(bound.binding()).contains(Limit.ERRORS);
        assertThat(bound.users()).isLessThan(below);
        // the errors step is the fewest users that failed: the answer is the steps', bound by it
        assertThat(bound.steps().bound()).isEqualTo(below);
        assertThat(bound.note()).contains("ERRORS");
    }

    @Test
    void errorsAboveTheAnswerButInsideItsIntervalEndTheInterval() {
        List<StepOutcome> steps = search(new Random(11), 0.03);
        CapacityEstimate open = ESTIMATOR.estimate(steps);
        int inside = (open.users() + open.high()) / 2;
        step(steps, inside, truth(inside, LONG), 5, 0.01, LONG, new DriverCores(0.2, 2));

        CapacityEstimate capped = ESTIMATOR.estimate(steps);

        assertThat(open.fitted()).isTrue();
        assertThat(capped.fitted()).as("capped: %s", capped).isTrue();
        assertThat(capped.users()).isEqualTo(open.users());
        assertThat(capped.high()).isEqualTo(inside);
        assertThat(capped.note()).contains(String.format("the interval ends at %,d users, where CPU + ERRORS failed",
                inside));
    }

    @Test
    void aStepWhoseBudgetsAndDriverOvercommitTheMachineBindsAndTheSearchIsInvalid() {
        List<StepOutcome> steps = search(new Random(11), 0.01);
        // three 0.4-core budgets and a driver at 0.85 cores need 2.05 of 2 cores
        step(steps, 3_600, truth(3_600, LONG), 5, 0, LONG, new DriverCores(0.85, 2));

        CapacityEstimate estimate = ESTIMATOR.estimate(steps);
        CapacitySummary.Search search = summarized(steps, estimate);

        assertThat(estimate.binding()).containsExactly(Limit.MACHINE);
        assertThat(CapacitySummary.invalidReasons(search, null)).singleElement().asString()
                .contains("bound by MACHINE");
    }

    @Test
    void aMachineOvercommittedAboveTheAnswerDoesNotMakeItInvalid() {
        List<StepOutcome> steps = search(new Random(11), 0.01);
        step(steps, 8_000, truth(8_000, SHORT), 5, 0, SHORT, new DriverCores(0.85, 2));

        CapacityEstimate estimate = ESTIMATOR.estimate(steps);
        CapacitySummary.Search search = summarized(steps, estimate);

        assertThat(estimate.binding()).containsExactly(Limit.CPU);
        assertThat(CapacitySummary.invalidReasons(search, null)).isEmpty();
    }

    @Test
    void aLatencyBoundClusterIsAnsweredWhereItsP90ReachesTheLimit() {
        List<StepOutcome> steps = new ArrayList<>();
        // p90 doubling every 500 users, 800 ms at 3,000; the CPU stays low
        for (int users : new int[] {1_000, 2_000, 4_000, 3_000, 2_500, 3_200, 2_900, 3_000, 3_100}) {
            step(steps, users, 0.3, 800 * Math.pow(2, (users - 3_000) / 500.0) * (1 + (users % 7) / 100.0), 0,
                    users >= 2_900 && steps.size() > 5 ? LONG : SHORT, new DriverCores(0.2, 2));
        }

        CapacityEstimate estimate = ESTIMATOR.estimate(steps);

        assertThat(estimate.method()).isEqualTo(CapacityEstimate.Method.FIT);
        assertThat(estimate.binding()).containsExactly(Limit.LATENCY);
        assertThat(estimate.low()).isLessThanOrEqualTo(3_000);
        assertThat(estimate.high()).isGreaterThanOrEqualTo(2_950);
    }

    @Test
    void budgetsThatLeaveTheDriverTooLittleOfTheMachineAreRefused() {
        MachineCores twoCores = new MachineCores(2);

        ClusterSpec defaults = ClusterSpec.processes(3, NodeResources.SCENARIO_DEFAULTS, DataSize.parse("256m"));
        ClusterSpec smaller = ClusterSpec.processes(3, new NodeResources(16, 0.4, Optional.empty()),
                DataSize.parse("256m"));

        assertThat(twoCores.refusal(defaults)).hasValueSatisfying(why ->
                assertThat(why).contains("cluster.cpuBudget: 3 nodes x 0.66 cores = 1.98 cores")
                        .contains("give each node at most 0.58 cores"));
        assertThat(twoCores.refusal(smaller)).isEmpty();
        assertThat(new MachineCores(8).refusal(defaults)).isEmpty();
    }
}
