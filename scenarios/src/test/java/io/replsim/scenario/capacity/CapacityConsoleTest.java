package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CapacityConsoleTest {

    private static StepOutcome step(int index, StepOutcome.Phase phase, int users, double busiestCpu,
                                    Duration window) {
        var measurement = new StepMeasurement(users, Duration.ofSeconds(1), window, 1_000, users, 5, 10, 10, 10, 0,
                true, List.of(), List.of(new NodeCpu("node1", busiestCpu, 1.0)), DriverCores.NOT_MEASURED);
        return new StepOutcome(index, phase, measurement, CapacityCriteria.DEFAULT.broken(measurement));
    }

    /** 100, 200 and 300 users pass at 50%, 400 fail at 70%, then a fifth step passes at 59%: no line can say. */
    private static List<StepOutcome> upTo400(StepOutcome.Phase fifth, int fifthUsers) {
        Duration window = Duration.ofSeconds(8);
        return List.of(step(1, StepOutcome.Phase.STEP_UP, 100, 0.5, window),
                step(2, StepOutcome.Phase.STEP_UP, 200, 0.5, window),
                step(3, StepOutcome.Phase.STEP_UP, 400, 0.7, window), step(4, StepOutcome.Phase.BISECT, 300, 0.5, window),
                step(5, fifth, fifthUsers, 0.59, window));
    }

    private static String printed(List<StepOutcome> steps, boolean budgetSpent) {
        var result = new CapacityResult(new CapacityEstimator(CapacityCriteria.DEFAULT).estimate(steps),
                Optional.of(steps.getLast()), steps, budgetSpent, WarmUp.NONE);
        var out = new ByteArrayOutputStream();
        new CapacityConsole(new PrintStream(out, true, StandardCharsets.UTF_8))
                .result("capacity", CapacitySummary.searchOf(1, result));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aFittedAnswerSaysItsIntervalTheBindingLimitAndHowTheRunsNearItWent() {
        Duration shortWindow = Duration.ofSeconds(8);
        Duration longWindow = Duration.ofSeconds(24);
        List<StepOutcome> steps = new ArrayList<>(List.of(step(1, StepOutcome.Phase.STEP_UP, 1_000, 0.21, shortWindow),
                step(2, StepOutcome.Phase.STEP_UP, 2_000, 0.39, shortWindow),
                step(3, StepOutcome.Phase.STEP_UP, 4_000, 0.82, shortWindow),
                step(4, StepOutcome.Phase.BISECT, 3_000, 0.62, shortWindow),
                step(5, StepOutcome.Phase.BISECT, 2_500, 0.51, shortWindow),
                step(6, StepOutcome.Phase.BOUNDARY, 2_900, 0.58, longWindow),
                step(7, StepOutcome.Phase.BOUNDARY, 2_950, 0.61, longWindow),
                step(8, StepOutcome.Phase.BOUNDARY, 2_950, 0.59, longWindow)));

        String printed = printed(steps, false);

        assertThat(printed).containsPattern("== capacity: 2,9\\d0 users sustained on 1 nodes, 95% interval"
                        + " 2,\\d{3}-\\d,\\d{3} users \\(another search: \\d,\\d{3}-\\d,\\d{3}\\); binding CPU ==")
                .containsPattern("CPU reaches its limit at 2,9\\d\\d users \\(95%: \\d,\\d{3}-\\d,\\d{3}; another"
                        + " search's line: \\d,\\d{3}-\\d,\\d{3}\\)")
                .contains("2,950 users passed 1 of 2 runs")
                .contains("every run    passed up to 2,900 users (passed 1 of 1 runs), below 2,950 (failed 1 of 2"
                        + " runs)")
                .contains("binding      CPU (its line reaches its limit first)");
    }

    @Test
    void anAnswerFromTheStepsSaysSoAndWhy() {
        String printed = printed(upTo400(StepOutcome.Phase.CONFIRM, 300), false);

        assertThat(printed).contains("== capacity: 300 users sustained on 1 nodes (from the steps: passed 2 of 2"
                        + " runs, 400 failed 1 of 1); binding CPU ==")
                .contains("no interval  CPU: ");
    }

    @Test
    void aSpentBudgetClaimsNothingAndSaysWhatTheStepsSaidSoFar() {
        String printed = printed(upTo400(StepOutcome.Phase.BISECT, 250), true);

        assertThat(printed).contains("no load sustained (step budget spent)")
                .contains("so far       300 users sustained (from the steps: passed 1 of 1 runs, 400 failed 1 of 1)")
                .contains("not an answer; run again with more --max-steps");
    }

    /**
     * Entry 2's search with trigger SET and no writes (30 Nov 2026): 1,600 users failed both 8 s steps on CPU, then
     * 1,710 passed both 24 s boundary steps, which overrule them; nothing binds, and the search never came near a
     * cap, so saying it reached one would be false.
     */
    @Test
    void anAnswerNothingBindsSaysWhetherTheCapWasReachedOrTheFailuresWereOutweighed() {
        Duration shortWindow = Duration.ofSeconds(8);
        Duration longWindow = Duration.ofSeconds(24);
        List<StepOutcome> outweighed = List.of(step(1, StepOutcome.Phase.STEP_UP, 400, 0.22, shortWindow),
                step(2, StepOutcome.Phase.STEP_UP, 800, 0.34, shortWindow),
                step(3, StepOutcome.Phase.STEP_UP, 1_600, 0.63, shortWindow),
                step(4, StepOutcome.Phase.RECHECK, 1_600, 0.71, shortWindow),
                step(5, StepOutcome.Phase.BISECT, 1_200, 0.42, shortWindow),
                step(6, StepOutcome.Phase.BOUNDARY, 1_710, 0.58, longWindow),
                step(7, StepOutcome.Phase.CONFIRM, 1_710, 0.54, longWindow));

        assertThat(printed(outweighed, false)).contains("1,710 users sustained on 1 nodes (from the steps: passed 2 of"
                        + " 2 runs); no limit reached")
                .contains("binding      none: the runs that failed (at 1,600 users) do not bound it")
                .contains("the answer is a floor")
                .doesNotContain("its user cap");

        List<StepOutcome> allPassed = List.of(step(1, StepOutcome.Phase.STEP_UP, 400, 0.22, shortWindow),
                step(2, StepOutcome.Phase.STEP_UP, 800, 0.34, shortWindow));
        assertThat(printed(allPassed, false)).contains("binding      none: the search reached its user cap");
    }
}
