package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The warm-up before a search's first measured step, on fake targets: it runs first, at the first step's users,
 * until two rounds in a row agree, and none of its rounds is a step.
 */
class CapacityWarmUpTest {

    private static final CapacityCriteria P90_800MS = CapacityCriteria.DEFAULT;

    private static StepMeasurement reading(int users, double p90Ms, Double busiestCpu) {
        return reading(users, p90Ms, busiestCpu, 0);
    }

    private static StepMeasurement reading(int users, double p90Ms, Double busiestCpu, double errorRatio) {
        return new StepMeasurement(users, Duration.ofSeconds(15), SearchPlan.DEFAULT_WINDOW, 1_000, users, p90Ms / 2,
                p90Ms, p90Ms, p90Ms, errorRatio, true, List.of(), busiestCpu == null ? List.of()
                : List.of(new NodeCpu("node1", busiestCpu, 1.0)), DriverCores.NOT_MEASURED);
    }

    /**
     * A step passing up to {@code limit} users at 30% CPU and failing on errors above (a limit with no measure to
     * fit, so the search's answer is exact), recording what it was asked in {@code calls}.
     */
    private static LoadStep measured(int limit, List<String> calls) {
        return (users, window) -> {
            calls.add("step " + users);
            return reading(users, 100, 0.3, users <= limit ? 0 : 0.05);
        };
    }

    /** A warm-up step reading the given busiest-node CPUs in turn (the last one from then on). */
    private static LoadStep warming(List<String> calls, Double... busiest) {
        Iterator<Double> readings = List.of(busiest).iterator();
        Double[] last = {null};
        return (users, window) -> {
            calls.add("warm-up " + users);
            if (readings.hasNext()) {
                last[0] = readings.next();
            }
            // a cold round reads its CPU above the limit: were it a step, the search would stop below it
            return reading(users, 100, last[0]);
        };
    }

    @Test
    void theWarmUpRunsBeforeTheFirstMeasuredStepAtItsUsersAndIsNotCounted() throws Exception {
        List<String> calls = new ArrayList<>();
        List<WarmUp.Round> announced = new ArrayList<>();
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.05, 30, 10_000), P90_800MS,
                measured(57, calls), outcome -> { }, new WarmUpPlan(2, 8, 1.15), warming(calls, 0.9, 0.6, 0.35, 0.33),
                announced::add).run();

        assertThat(calls).startsWith("warm-up 10", "warm-up 10", "warm-up 10", "warm-up 10", "step 10");
        assertThat(calls.subList(4, calls.size())).allMatch(call -> call.startsWith("step "));
        // its rounds are not steps: they fail every limit, yet the search starts at 10 and finds 57
        assertThat(result.steps()).hasSize(calls.size() - 4);
        assertThat(result.steps().getFirst().users()).isEqualTo(10);
        assertThat(result.steps().getFirst().index()).isEqualTo(1);
        assertThat(result.usersSustained()).isBetween(55, 57);
        assertThat(result.warmUp().users()).isEqualTo(10);
        assertThat(result.warmUp().halved()).isFalse();
        assertThat(result.warmUp().settled()).isTrue();
        assertThat(result.warmUp().rounds()).extracting(WarmUp.Round::maxNodeCpuUtilization)
                .containsExactly(0.9, 0.6, 0.35, 0.33);
        assertThat(announced).isEqualTo(result.warmUp().rounds());
        assertThat(result.warmUp().wallMs()).isEqualTo(4 * 15_000);
    }

    /**
     * A search started above the capacity must not warm its nodes at a load they cannot carry (one did, at 6,400
     * users, three times the capacity, and a node died of an OutOfMemoryError in its sixth round): a round that
     * breaks the latency or the error limit halves the next one's users, and only rounds at one load settle.
     */
    @Test
    void aRoundTheNodesCannotCarryHalvesTheNextAndTheFirstStepStaysWhereAsked() throws Exception {
        List<String> calls = new ArrayList<>();
        List<WarmUp.Round> announced = new ArrayList<>();
        List<WarmUp> done = new ArrayList<>();
        LoadStep carriesUpTo3000 = (users, window) -> {
            calls.add("warm-up " + users);
            return users > 3_000
                    ? new StepMeasurement(users, Duration.ofSeconds(15), SearchPlan.DEFAULT_WINDOW, 800, 50, 4_000,
                            5_000, 5_000, 5_000, 0.4,
                            true, List.of(), List.of(new NodeCpu("node1", 1.0, 1.0)), DriverCores.NOT_MEASURED)
                    : reading(users, 100, 0.4);
        };
        CapacityResult result = new CapacitySearch(new SearchPlan(10_000, 2, 0.05, 30, 20_000), P90_800MS,
                measured(2_900, calls), outcome -> { }, new WarmUpPlan(2, 8, 1.15), carriesUpTo3000,
                announced::add, done::add).run();

        assertThat(calls).startsWith("warm-up 10000", "warm-up 5000", "warm-up 2500", "warm-up 2500", "step 10000");
        assertThat(result.warmUp().rounds()).extracting(WarmUp.Round::overloaded)
                .containsExactly(true, true, false, false);
        assertThat(result.warmUp().rounds().getFirst().errorRatio()).isEqualTo(0.4);
        assertThat(result.warmUp().users()).isEqualTo(2_500);
        assertThat(result.warmUp().firstStepUsers()).isEqualTo(10_000);
        assertThat(result.warmUp().halved()).isTrue();
        assertThat(result.warmUp().settled()).isTrue();
        assertThat(done).containsExactly(result.warmUp());
        assertThat(announced).isEqualTo(result.warmUp().rounds());
        // from above, the search still lands where the cluster's limit is
        assertThat(result.usersSustained()).isBetween(2_755, 2_900);
    }

    @Test
    void roundsAtAnOverloadDoNotCountTowardSettlingAtTheLoadCarried() {
        WarmUpPlan plan = new WarmUpPlan(2, 8, 1.15);
        // two rounds run, but only one at the current users: not settled, whatever the minimum says
        assertThat(plan.settled(List.of(0.40), 2)).isFalse();
        assertThat(plan.settled(List.of(0.40, 0.42), 3)).isTrue();
        assertThat(plan.settled(List.of(0.40, 0.42), 1)).isFalse();
    }

    /**
     * Two rounds can agree on CPU while the JIT still compiles in both (a 0.66-core node compiles for 2-3 minutes
     * of load): the warm-up goes on until the last round's JIT took at most a tenth of every node's CPU.
     */
    @Test
    void roundsThatAgreeWhileTheJitStillCompilesAreNotSettled() throws Exception {
        List<String> calls = new ArrayList<>();
        Iterator<Double> jit = List.of(0.35, 0.25, 0.22, 0.06, 0.04).iterator();
        LoadStep compiling = (users, window) -> {
            calls.add("warm-up " + users);
            return new StepMeasurement(users, Duration.ofSeconds(15), SearchPlan.DEFAULT_WINDOW, 1_000, users, 50,
                    100, 100, 100, 0, true,
                    List.of(), List.of(new NodeCpu("node1", 0.3, 1.0, jit.next())), DriverCores.NOT_MEASURED);
        };
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.05, 30, 10_000), P90_800MS,
                measured(57, calls), outcome -> { }, new WarmUpPlan(2, 8, 1.15), compiling, round -> { }).run();

        // the CPU agreed from the second round; the JIT was done in the fourth
        assertThat(result.warmUp().rounds()).extracting(WarmUp.Round::maxCompilerShare)
                .containsExactly(0.35, 0.25, 0.22, 0.06);
        assertThat(result.warmUp().settled()).isTrue();
        assertThat(calls.get(4)).isEqualTo("step 10");
        assertThat(new WarmUpPlan(2, 8, 1.15).settled(List.of(0.3, 0.3), 2, 0.22)).isFalse();
        assertThat(new WarmUpPlan(2, 8, 1.15).settled(List.of(0.3, 0.3), 2, null)).isTrue();
    }

    @Test
    void theWarmUpRunsItsMinimumThoughTheFirstRoundsAgree() throws Exception {
        List<String> calls = new ArrayList<>();
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.05, 30, 10_000), P90_800MS,
                measured(57, calls), outcome -> { }, new WarmUpPlan(4, 8, 1.15), warming(calls, 0.6, 0.6, 0.3, 0.3),
                round -> { }).run();

        assertThat(result.warmUp().rounds()).hasSize(4);
        assertThat(result.warmUp().settled()).isTrue();
    }

    @Test
    void aWarmUpThatNeverSettlesStopsAtItsMaximumAndSaysSo() throws Exception {
        List<String> calls = new ArrayList<>();
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.05, 30, 10_000), P90_800MS,
                measured(57, calls), outcome -> { }, new WarmUpPlan(2, 5, 1.15),
                warming(calls, 0.9, 0.3, 0.9, 0.3, 0.9, 0.3, 0.9), round -> { }).run();

        assertThat(result.warmUp().rounds()).hasSize(5);
        assertThat(result.warmUp().settled()).isFalse();
        assertThat(calls).filteredOn(call -> call.startsWith("warm-up")).hasSize(5);
        assertThat(calls.get(5)).isEqualTo("step 10");
    }

    @Test
    void withoutAPlanNothingRunsBeforeTheFirstStep() throws Exception {
        List<String> calls = new ArrayList<>();
        CapacityResult result = new CapacitySearch(new SearchPlan(10, 2, 0.05, 30, 10_000), P90_800MS,
                measured(57, calls), outcome -> { }).run();

        assertThat(calls.getFirst()).isEqualTo("step 10");
        assertThat(result.warmUp().rounds()).isEmpty();
    }

    @Test
    void aTargetWhoseCpuIsNotReadWarmsForItsMinimumRounds() {
        WarmUpPlan plan = new WarmUpPlan(3, 8, 1.15);
        List<Double> unread = new ArrayList<>();
        unread.add(null);
        unread.add(null);
        assertThat(plan.settled(unread)).isFalse();
        unread.add(null);
        assertThat(plan.settled(unread)).isTrue();
    }

    @Test
    void twoRoundsAgreeWithinTheRatioWhicheverIsHigher() {
        WarmUpPlan plan = new WarmUpPlan(2, 8, 1.15);
        assertThat(plan.settled(List.of(0.40, 0.36))).isTrue();
        assertThat(plan.settled(List.of(0.36, 0.40))).isTrue();
        assertThat(plan.settled(List.of(0.60, 0.40))).isFalse();
        assertThat(plan.settled(List.of(0.40, 0.60))).isFalse();
        assertThat(plan.settled(List.of(0.40))).isFalse();
    }
}
