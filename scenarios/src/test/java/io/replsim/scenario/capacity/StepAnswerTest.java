package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The answer from the steps' verdicts alone, where steps over a short window and over a longer one disagree. */
class StepAnswerTest {

    private static final Duration SHORT = Duration.ofSeconds(3);
    private static final Duration LONG = Duration.ofSeconds(9);

    private final List<StepOutcome> steps = new ArrayList<>();

    /** A step that passes or fails on latency. */
    private void step(int users, Duration window, boolean passes) {
        var measurement = new StepMeasurement(users, Duration.ofSeconds(1), window, 1_000, users, 5,
                passes ? 10 : 2_000, 10, 10, 0, true, List.of(), List.of(), DriverCores.NOT_MEASURED);
        steps.add(new StepOutcome(steps.size() + 1, StepOutcome.Phase.BISECT, measurement,
                passes ? List.of() : List.of(Limit.LATENCY)));
    }

    @Test
    void aShortWindowsFailureBelowALongWindowsPassDoesNotBoundTheAnswer() {
        step(80, SHORT, true);
        step(100, SHORT, false);
        step(111, LONG, true);
        step(111, LONG, true);
        step(119, LONG, false);

        StepAnswer answer = StepAnswer.of(steps);

        assertThat(answer.users()).isEqualTo(111);
        assertThat(answer.runs()).isEqualTo(2);
        assertThat(answer.bound()).isEqualTo(119);
    }

    @Test
    void aLongWindowsFailureBoundsTheAnswerWhateverPassedAbove() {
        step(80, SHORT, true);
        step(100, LONG, false);
        step(111, LONG, true);
        step(119, LONG, false);

        StepAnswer answer = StepAnswer.of(steps);

        assertThat(answer.bound()).isEqualTo(100);
        assertThat(answer.users()).isEqualTo(80);
    }

    @Test
    void aShortWindowsFailureAboveTheLongWindowsPassesStillBounds() {
        step(100, LONG, true);
        step(100, LONG, true);
        step(120, SHORT, false);

        StepAnswer answer = StepAnswer.of(steps);

        assertThat(answer.bound()).isEqualTo(120);
        assertThat(answer.users()).isEqualTo(100);
    }
}
