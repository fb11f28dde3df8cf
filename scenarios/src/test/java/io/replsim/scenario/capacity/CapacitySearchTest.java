package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/** The search's moves on a fake target whose verdict per user count is given, so each path is exact. */
class CapacitySearchTest {

    private static final CapacityCriteria P90_800MS = CapacityCriteria.DEFAULT;

    /** A step whose p90 is 100 ms when {@code sustains} holds and 2 s otherwise; node1 at 30% CPU. */
    private static LoadStep fake(IntPredicate sustains, List<Integer> asked) {
        return users -> {
            asked.add(users);
            double p90 = sustains.test(users) ? 100 : 2_000;
            return new StepMeasurement(users, Duration.ofSeconds(1), 1_000, users / 1.0, p90 / 2, p90, p90, p90, 0,
                    true, List.of(), List.of(new NodeCpu("node1", 0.3, 1.0)));
        };
    }

    @Test
    void stepsUpBisectsToTheResolutionAndConfirms() throws Exception {
        List<Integer> asked = new ArrayList<>();
        CapacityResult result = new CapacitySearch(SearchPlan.startingAt(10, 10_000), P90_800MS,
                fake(users -> users <= 57, asked), outcome -> { }).run();

        assertThat(asked).startsWith(10, 20, 40, 80);
        assertThat(result.usersSustained()).isBetween(55, 57);
        assertThat(asked.getLast()).isEqualTo(result.usersSustained());
        assertThat(result.steps().getLast().phase()).isEqualTo(StepOutcome.Phase.CONFIRM);
        assertThat(result.binding()).containsExactly(Limit.LATENCY);
        assertThat(result.stoppedEarly()).isFalse();
        // only the step-up's failure (80) was run again; the bisection's failures were not
        assertThat(result.steps()).filteredOn(step -> step.phase() == StepOutcome.Phase.RECHECK)
                .extracting(StepOutcome::users).containsExactly(80);
    }

    @Test
    void aFailureThatDoesNotRepeatSendsTheSearchUpAgain() throws Exception {
        List<Integer> asked = new ArrayList<>();
        // 80 users fail the first time only (a burst on a node during that step); the real limit is 150
        int[] runsOf80 = {0};
        IntPredicate sustains = users -> users <= 150 && (users != 80 || runsOf80[0]++ > 0);
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.05, 30, 10_000), P90_800MS,
                fake(sustains, asked), outcome -> { }).run();

        assertThat(result.steps()).anySatisfy(step -> {
            assertThat(step.users()).isEqualTo(80);
            assertThat(step.phase()).isEqualTo(StepOutcome.Phase.RECHECK);
            assertThat(step.passed()).isTrue();
        });
        // one failure, then two passes: the majority of three
        assertThat(asked).containsSequence(80, 80, 80, 160);
        assertThat(result.usersSustained()).isBetween(143, 150);
        assertThat(result.atCapacity()).hasValueSatisfying(confirm -> assertThat(confirm.passed()).isTrue());
    }

    @Test
    void aStepUpThatFailsTwoRunsOfThreeBoundsTheSearchThoughOnePassed() throws Exception {
        List<Integer> asked = new ArrayList<>();
        // 80 users pass only their second run (a lucky one near the limit); the real limit is 75
        int[] runsOf80 = {0};
        IntPredicate sustains = users -> users <= 75 || users == 80 && runsOf80[0]++ == 1;
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.05, 30, 10_000), P90_800MS,
                fake(sustains, asked), outcome -> { }).run();

        assertThat(asked).as("best of two would have climbed to 160 after the pass").containsSequence(80, 80, 80, 60)
                .doesNotContain(160);
        assertThat(result.usersSustained()).isBetween(72, 75);
        assertThat(result.atCapacity()).hasValueSatisfying(confirm -> assertThat(confirm.passed()).isTrue());
    }

    @Test
    void aConfirmationThatFailsSendsTheSearchBelowIt() throws Exception {
        List<Integer> asked = new ArrayList<>();
        // 40 passes the first time only: a lucky step
        int[] runsOf40 = {0};
        IntPredicate sustains = users -> users < 40 || users == 40 && runsOf40[0]++ == 0;
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.05, 30, 10_000), P90_800MS,
                fake(sustains, asked), outcome -> { }).run();

        assertThat(result.usersSustained()).isBetween(37, 39);
        assertThat(result.steps()).anySatisfy(step -> {
            assertThat(step.users()).isEqualTo(40);
            assertThat(step.phase()).isEqualTo(StepOutcome.Phase.CONFIRM);
            assertThat(step.passed()).isFalse();
        });
        assertThat(result.atCapacity()).hasValueSatisfying(confirm -> assertThat(confirm.passed()).isTrue());
    }

    @Test
    void aFailureWhileBisectingBoundsTheSearchWithoutBeingRunAgain() throws Exception {
        List<Integer> asked = new ArrayList<>();
        // the limit is 57, but 55 fails once: near its limit a warm cluster passes one run and fails the next
        int[] runsOf55 = {0};
        IntPredicate sustains = users -> users <= 57 && (users != 55 || runsOf55[0]++ > 0);
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.05, 30, 10_000), P90_800MS,
                fake(sustains, asked), outcome -> { }).run();

        assertThat(asked).containsSequence(10, 20, 40, 80, 80, 60, 50, 55);
        assertThat(asked).filteredOn(users -> users == 55).hasSize(1);
        assertThat(result.usersSustained()).isBetween(52, 54);
        assertThat(result.atCapacity()).hasValueSatisfying(confirm -> assertThat(confirm.passed()).isTrue());
        assertThat(result.binding()).containsExactly(Limit.LATENCY);
    }

    @Test
    void theBindingLimitIsWhatTheFewestFailingUsersBroke() throws Exception {
        LoadStep cpuBound = users -> new StepMeasurement(users, Duration.ofSeconds(1), 1_000, users, 10, 20, 20, 20,
                0, true, List.of(), List.of(new NodeCpu("node1", users / 100.0, 1.0), new NodeCpu("node2", 0.1, 1.0)));
        CapacityResult result = new CapacitySearch(SearchPlan.startingAt(10, 10_000), P90_800MS, cpuBound,
                outcome -> { }).run();
        // 60% of one core is 60 users
        assertThat(result.usersSustained()).isBetween(57, 60);
        assertThat(result.binding()).containsExactly(Limit.CPU);
    }

    @Test
    void nothingSustainedWhenEvenTheFirstStepsFail() throws Exception {
        List<Integer> asked = new ArrayList<>();
        CapacityResult result = new CapacitySearch(SearchPlan.startingAt(8, 10_000), P90_800MS,
                fake(users -> false, asked), outcome -> { }).run();
        assertThat(result.usersSustained()).isZero();
        assertThat(result.atCapacity()).isEmpty();
        assertThat(asked).startsWith(8, 8, 4, 2, 1);
    }

    @Test
    void theSearchStopsAtItsStepBudget() throws Exception {
        List<Integer> asked = new ArrayList<>();
        CapacityResult result = new CapacitySearch(new SearchPlan(1, 2, 0.05, 5, 1_000_000), P90_800MS,
                fake(users -> true, asked), outcome -> { }).run();
        assertThat(asked).containsExactly(1, 2, 4, 8, 16);
        assertThat(result.stoppedEarly()).isTrue();
        assertThat(result.usersSustained()).isZero();
    }

    @Test
    void invalidStepsAndErrorsFailTheirStepWithTheirOwnLimit() {
        StepMeasurement invalid = new StepMeasurement(10, Duration.ofSeconds(1), 100, 10, 1, 1, 1, 1, 0.01, false,
                List.of("Little's law fails"), List.of());
        assertThat(P90_800MS.broken(invalid)).containsExactly(Limit.ERRORS, Limit.VALIDITY);
    }
}
