package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/** The search's moves on stand-in steps whose readings per user count are given, so each path is exact. */
class CapacitySearchTest {

    private static final CapacityCriteria P90_800MS = CapacityCriteria.DEFAULT;

    /**
     * A step that fails on errors (a limit with no measure to fit) unless {@code sustains} holds, its latency and CPU
     * flat: the search has no line to aim with and answers from the steps.
     */
    private static LoadStep errorsUnless(IntPredicate sustains, List<Integer> asked) {
        return (users, window) -> {
            asked.add(users);
            return new StepMeasurement(users, Duration.ofSeconds(1), window, 1_000, users, 50, 100, 100, 100,
                    sustains.test(users) ? 0 : 0.05, true, List.of(), List.of(new NodeCpu("node1", 0.3, 1.0)),
                    DriverCores.NOT_MEASURED);
        };
    }

    /** A step whose busiest node reads {@code users / 100} of its budget, plus {@code noise} if given. */
    private static LoadStep cpuOf(List<StepMeasurement> seen, Random noise, double noiseSd) {
        return (users, window) -> {
            // a reading over a longer window moves less: its spread falls with the square root of its length
            double reading = users / 100.0 + (noise == null ? 0 : noise.nextGaussian() * noiseSd
                    / Math.sqrt(window.toSeconds() / 8.0));
            StepMeasurement m = new StepMeasurement(users, Duration.ofSeconds(1), window, 1_000, users, 10, 20, 20,
                    20, 0, true, List.of(), List.of(new NodeCpu("node1", reading, 1.0), new NodeCpu("node2", 0.1, 1.0)),
                    DriverCores.NOT_MEASURED);
            seen.add(m);
            return m;
        };
    }

    @Test
    void aCpuBoundSearchAimsItsLongerBoundaryStepsAtTheLineAndAnswersWithAnInterval() throws Exception {
        List<StepMeasurement> seen = new ArrayList<>();
        CapacityResult result = new CapacitySearch(SearchPlan.startingAt(10, 10_000), P90_800MS,
                cpuOf(seen, new Random(7), 0.02), outcome -> { }).run();

        // 60% of one core is 60 users
        assertThat(seen).extracting(StepMeasurement::users).startsWith(10, 20, 40, 80);
        CapacityEstimate estimate = result.estimate();
        assertThat(estimate.method()).isEqualTo(CapacityEstimate.Method.FIT);
        assertThat(estimate.low()).isLessThanOrEqualTo(60);
        assertThat(estimate.high()).isGreaterThanOrEqualTo(60);
        assertThat(result.usersSustained()).isBetween(estimate.low(), estimate.high());
        assertThat(result.binding()).containsExactly(Limit.CPU);
        List<StepOutcome> boundary = result.steps().stream()
                .filter(s -> s.phase() == StepOutcome.Phase.BOUNDARY).toList();
        assertThat(boundary).hasSizeBetween(BoundaryPlan.DEFAULT.minSteps(), BoundaryPlan.DEFAULT.maxSteps())
                .allSatisfy(s -> assertThat(s.measurement().window()).isEqualTo(Duration.ofSeconds(24)))
                .allSatisfy(s -> assertThat(s.users()).isBetween(50, 70));
        int firstBoundary = result.steps().indexOf(boundary.getFirst());
        assertThat(result.steps().subList(0, firstBoundary))
                .allSatisfy(s -> assertThat(s.measurement().window()).isEqualTo(Duration.ofSeconds(8)));
        assertThat(result.steps().subList(firstBoundary, result.steps().size()))
                .allSatisfy(s -> assertThat(s.measurement().window()).isEqualTo(Duration.ofSeconds(24)));
        assertThat(result.stoppedEarly()).isFalse();
    }

    @Test
    void noiselessReadingsGiveTheLinesCrossingExactly() throws Exception {
        CapacityResult result = new CapacitySearch(SearchPlan.startingAt(10, 10_000), P90_800MS,
                cpuOf(new ArrayList<>(), null, 0), outcome -> { }).run();

        assertThat(result.usersSustained()).isEqualTo(60);
        assertThat(result.estimate().low()).isEqualTo(60);
        assertThat(result.estimate().high()).isEqualTo(60);
        assertThat(result.steps().stream().filter(s -> s.phase() == StepOutcome.Phase.BOUNDARY))
                .as("a zero-width interval is narrow enough after the fewest boundary steps")
                .hasSize(BoundaryPlan.DEFAULT.minSteps());
    }

    @Test
    void withoutALineTheSearchBisectsToTheResolutionAndConfirms() throws Exception {
        List<Integer> asked = new ArrayList<>();
        CapacityResult result = new CapacitySearch(SearchPlan.startingAt(10, 10_000), P90_800MS,
                errorsUnless(users -> users <= 57, asked), outcome -> { }).run();

        assertThat(asked).containsExactly(10, 20, 40, 80, 80, 60, 50, 55, 57, 58, 57);
        // bound by errors, not CPU: the bisections and the confirmation keep the scenario's window
        assertThat(result.steps()).extracting(step -> step.measurement().window().toSeconds())
                .containsOnly(8L);
        assertThat(result.usersSustained()).isEqualTo(57);
        assertThat(result.estimate().method()).isEqualTo(CapacityEstimate.Method.STEPS);
        assertThat(result.estimate().steps().runs()).as("passed both of its runs").isEqualTo(2);
        assertThat(result.steps().getLast().phase()).isEqualTo(StepOutcome.Phase.CONFIRM);
        assertThat(result.binding()).containsExactly(Limit.ERRORS);
        assertThat(result.stoppedEarly()).isFalse();
    }

    @Test
    void aLatencyThatJumpsRatherThanRisesIsAnsweredFromTheSteps() throws Exception {
        List<Integer> asked = new ArrayList<>();
        // p90 100 ms up to 57 users, 2 s above: a line through that says little (its interval was 41-180 users, and
        // the boundary steps it aimed ran 60 users four times, failing each, before a line so wide stopped counting)
        LoadStep jumps = (users, window) -> {
            asked.add(users);
            double p90 = users <= 57 ? 100 : 2_000;
            return new StepMeasurement(users, Duration.ofSeconds(1), window, 1_000, users, p90 / 2, p90, p90, p90, 0,
                    true, List.of(), List.of(new NodeCpu("node1", 0.3, 1.0)), DriverCores.NOT_MEASURED);
        };
        CapacityResult result = new CapacitySearch(SearchPlan.startingAt(10, 10_000), P90_800MS, jumps,
                outcome -> { }).run();

        assertThat(result.usersSustained()).isEqualTo(57);
        assertThat(result.estimate().method()).isEqualTo(CapacityEstimate.Method.STEPS);
        assertThat(result.binding()).containsExactly(Limit.LATENCY);
        assertThat(asked).filteredOn(users -> users == 60).hasSize(1);
    }

    @Test
    void aStepUpThatFailsOnceOfThreeIsClimbedPastButIsNeverTheAnswer() throws Exception {
        List<Integer> asked = new ArrayList<>();
        // 80 users fail their first run only (a burst on a node during that step); the real limit is 150
        int[] runsOf80 = {0};
        IntPredicate sustains = users -> users <= 150 && (users != 80 || runsOf80[0]++ > 0);
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.05, 30, 10_000), P90_800MS,
                errorsUnless(sustains, asked), outcome -> { }).run();

        // one failure, then two passes: the majority of three climbs on
        assertThat(asked).containsSequence(10, 20, 40, 80, 80, 80, 160);
        assertThat(result.steps()).filteredOn(step -> step.phase() == StepOutcome.Phase.RECHECK)
                .extracting(StepOutcome::users).containsExactly(80, 80, 160);
        assertThat(result.usersSustained()).isBetween(143, 150);
        assertThat(result.estimate().steps().runs()).isEqualTo(2);
    }

    @Test
    void aStepUpThatFailsTwoRunsOfThreeBoundsTheSearchThoughOnePassed() throws Exception {
        List<Integer> asked = new ArrayList<>();
        // 80 users pass only their second run (a lucky one near the limit); the real limit is 75
        int[] runsOf80 = {0};
        IntPredicate sustains = users -> users <= 75 || users == 80 && runsOf80[0]++ == 1;
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.05, 30, 10_000), P90_800MS,
                errorsUnless(sustains, asked), outcome -> { }).run();

        assertThat(asked).containsSequence(80, 80, 80, 60).doesNotContain(160);
        assertThat(result.usersSustained()).isBetween(72, 75);
    }

    @Test
    void aConfirmationThatFailsSendsTheSearchBelowIt() throws Exception {
        List<Integer> asked = new ArrayList<>();
        // 39 passes the first time only: a lucky step
        int[] runsOf39 = {0};
        IntPredicate sustains = users -> users < 39 || users == 39 && runsOf39[0]++ == 0;
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.05, 30, 10_000), P90_800MS,
                errorsUnless(sustains, asked), outcome -> { }).run();

        assertThat(result.steps()).anySatisfy(step -> {
            assertThat(step.users()).isEqualTo(39);
            assertThat(step.phase()).isEqualTo(StepOutcome.Phase.CONFIRM);
            assertThat(step.passed()).isFalse();
        });
        assertThat(result.usersSustained()).isEqualTo(38);
        assertThat(result.estimate().steps().runs()).isEqualTo(2);
    }

    @Test
    void nothingSustainedWhenEvenTheFirstStepsFail() throws Exception {
        List<Integer> asked = new ArrayList<>();
        CapacityResult result = new CapacitySearch(SearchPlan.startingAt(8, 10_000), P90_800MS,
                errorsUnless(users -> false, asked), outcome -> { }).run();
        assertThat(result.usersSustained()).isZero();
        assertThat(result.atCapacity()).isEmpty();
        assertThat(asked).containsExactly(8, 8, 4, 2, 1);
    }

    @Test
    void theSearchStopsAtItsStepBudgetAndSaysSo() throws Exception {
        List<Integer> asked = new ArrayList<>();
        CapacityResult result = new CapacitySearch(new SearchPlan(1, 2, 0.05, 5, 1_000_000), P90_800MS,
                errorsUnless(users -> true, asked), outcome -> { }).run();
        assertThat(asked).containsExactly(1, 2, 4, 8, 16);
        assertThat(result.stoppedEarly()).isTrue();
        assertThat(result.estimate().method()).isEqualTo(CapacityEstimate.Method.STEPS);
        assertThat(result.binding()).isEmpty();
    }

    @Test
    void aBudgetSpentBeforeTheLineNarrowsAnswersFromStepsThatAreComplete() throws Exception {
        // 10, 20, 40, 80, 80 (recheck), 60, 70 bracket the limit at 60 users; the line aims its first boundary step at
        // 60, which passes again: the steps' answer is complete (60 passed 2 of 2, 70 failed, within the 20%
        // resolution), though the line had fewer boundary steps than it asks for when the 8-step budget ran out
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.2, 8, 10_000), P90_800MS,
                cpuOf(new ArrayList<>(), null, 0), outcome -> { }).run();

        assertThat(result.steps()).extracting(StepOutcome::users).containsExactly(10, 20, 40, 80, 80, 60, 70, 60);
        assertThat(result.stoppedEarly()).isFalse();
        assertThat(result.usersSustained()).isEqualTo(60);
        assertThat(result.estimate().method()).isEqualTo(CapacityEstimate.Method.STEPS);
        assertThat(result.estimate().steps().runs()).isEqualTo(2);
        assertThat(result.estimate().note()).contains("step budget ran out");
    }

    @Test
    void aBudgetSpentBeforeTheStepsConfirmTheirAnswerAnswersNothing() throws Exception {
        // the same search one step shorter: 60 passed only once, so neither the line nor the steps have answered
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.2, 7, 10_000), P90_800MS,
                cpuOf(new ArrayList<>(), null, 0), outcome -> { }).run();

        assertThat(result.steps()).extracting(StepOutcome::users).containsExactly(10, 20, 40, 80, 80, 60, 70);
        assertThat(result.stoppedEarly()).isTrue();
        assertThat(result.usersSustained()).isZero();
    }

    @Test
    void invalidStepsAndErrorsFailTheirStepWithTheirOwnLimit() {
        StepMeasurement invalid = new StepMeasurement(10, Duration.ofSeconds(1), SearchPlan.DEFAULT_WINDOW, 100, 10,
                1, 1, 1, 1, 0.01, false, List.of("Little's law fails"), List.of(), DriverCores.NOT_MEASURED);
        assertThat(P90_800MS.broken(invalid)).containsExactly(Limit.ERRORS, Limit.VALIDITY);
    }

    @Test
    void aStepWhoseNodeBudgetsAndDriverNeedMoreThanTheMachinesCoresFailsOnMachine() {
        List<NodeCpu> budgets = List.of(new NodeCpu("node1", 0.3, 0.66), new NodeCpu("node2", 0.3, 0.66),
                new NodeCpu("node3", 0.3, 0.66));
        StepMeasurement crowded = new StepMeasurement(1_000, Duration.ofSeconds(15), SearchPlan.DEFAULT_WINDOW,
                8_000, 1_000, 1, 2, 2, 2, 0, true, List.of(), budgets, new DriverCores(0.1, 2));
        StepMeasurement roomy = new StepMeasurement(1_000, Duration.ofSeconds(15), SearchPlan.DEFAULT_WINDOW,
                8_000, 1_000, 1, 2, 2, 2, 0, true, List.of(), budgets, new DriverCores(0.01, 2));

        assertThat(P90_800MS.broken(crowded)).as("1.98 cores of budget + 0.1 driver > 2")
                .containsExactly(Limit.MACHINE);
        assertThat(P90_800MS.broken(roomy)).as("1.98 + 0.01 fits in 2").isEmpty();
    }
}
