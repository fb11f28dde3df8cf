package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CapacityConsoleTest {

    private static StepOutcome step(int index, StepOutcome.Phase phase, int users, boolean passes) {
        var measurement = new StepMeasurement(users, Duration.ofSeconds(1), 1_000, users, 5, 10, 10, 10, 0, true,
                List.of(), List.of(new NodeCpu("node1", passes ? 0.5 : 0.7, 1.0)));
        return new StepOutcome(index, phase, measurement, CapacityCriteria.DEFAULT.broken(measurement));
    }

    @Test
    void aSpentBudgetNamesTheMostUsersThatPassedEveryRunNotOneThatAlsoFailed() {
        List<StepOutcome> steps = List.of(step(1, StepOutcome.Phase.STEP_UP, 100, true),
                step(2, StepOutcome.Phase.STEP_UP, 200, true), step(3, StepOutcome.Phase.STEP_UP, 400, false),
                step(4, StepOutcome.Phase.RECHECK, 400, false), step(5, StepOutcome.Phase.BISECT, 300, true),
                step(6, StepOutcome.Phase.CONFIRM, 300, false), step(7, StepOutcome.Phase.BISECT, 250, true));
        var result = new CapacityResult(0, Optional.empty(), List.of(Limit.CPU), steps, true);
        var out = new ByteArrayOutputStream();

        new CapacityConsole(new PrintStream(out, true, StandardCharsets.UTF_8))
                .result("capacity", CapacitySummary.searchOf(1, result));

        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("no load sustained (step budget spent)")
                .contains("250 users passed every run but were not confirmed");
    }
}
