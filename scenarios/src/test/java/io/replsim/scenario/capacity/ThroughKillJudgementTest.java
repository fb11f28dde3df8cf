package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a step of {@code replsim capacity --through-kill} is judged: on the window after its kill, with the search's
 * latency limit, no session lost, the requests the users saw fail under the error limit, STALE as the scenario's
 * maxSessionsStale allows; the survivors' CPU reported and not held to the CPU limit.
 */
class ThroughKillJudgementTest {

    private static final CapacityCriteria CRITERIA = CapacityCriteria.DEFAULT;  // p90 ≤ 800 ms, 60%, 0.1%

    /** A valid step of 2,000 requests after the kill with the given p90, refused attempts and survivors' CPU. */
    private static StepMeasurement step(double p90Ms, double errorRatio, double survivorCpu) {
        return new StepMeasurement(40, Duration.ofSeconds(20), Duration.ofSeconds(8), 2_000, 250, p90Ms / 2, p90Ms,
                p90Ms, p90Ms * 2, errorRatio, true, List.of(),
                List.of(new NodeCpu("node1", survivorCpu * 0.5, 0.5), new NodeCpu("node3", 0.1, 0.5)),
                DriverCores.NOT_MEASURED);
    }

    private static KillWindow kill(long lost, long stale, Long staleAllowed, long failedAtSurvivors) {
        return kill(lost, stale, staleAllowed, 0, failedAtSurvivors);
    }

    private static KillWindow kill(long lost, long stale, Long staleAllowed, long failedAtKilled,
                                   long failedAtSurvivors) {
        return new KillWindow("node2", 2_000, lost, stale, staleAllowed, failedAtKilled, failedAtSurvivors, 2_000);
    }

    private static String why(StepMeasurement measured) {
        StepOutcome outcome = new StepOutcome(1, StepOutcome.Phase.STEP_UP, measured, CRITERIA.broken(measured));
        return StepWhy.of(CapacitySummary.StepRow.of(outcome), CapacitySummary.Limits.of(CRITERIA));
    }

    @Test
    void aWindowAfterTheKillAboveTheLatencyLimitFailsTheStepNamingIt() {
        StepMeasurement slow = step(950, 0, 0.5).through(kill(0, 0, null, 0));

        assertThat(CRITERIA.broken(slow)).containsExactly(Limit.LATENCY);
        assertThat(why(slow)).isEqualTo("p90 950.0 ms > 800 ms");
        assertThat(CRITERIA.broken(step(750, 0, 0.5).through(kill(0, 0, null, 0)))).isEmpty();
    }

    @Test
    void aLostSessionFailsTheStepNamingTheKilledNodeAndTheCount() {
        StepMeasurement lost = step(100, 0, 0.5).through(kill(1, 0, null, 0));

        assertThat(CRITERIA.broken(lost)).containsExactly(Limit.SESSIONS);
        assertThat(why(lost)).isEqualTo("sessions after killing node2: 1 LOST/CORRUPT/FAILED/never served");
    }

    @Test
    void staleSessionsFailOnlyBeyondTheScenariosMaxSessionsStale() {
        assertThat(CRITERIA.broken(step(100, 0, 0.5).through(kill(0, 3, null, 0))))
                .as("no maxSessionsStale: STALE not judged").isEmpty();
        assertThat(CRITERIA.broken(step(100, 0, 0.5).through(kill(0, 3, 3L, 0)))).isEmpty();
        StepMeasurement tooStale = step(100, 0, 0.5).through(kill(0, 4, 3L, 0));
        assertThat(CRITERIA.broken(tooStale)).containsExactly(Limit.SESSIONS);
        assertThat(why(tooStale)).endsWith("0 LOST/CORRUPT/FAILED/never served, 4 STALE (3 allowed)");
    }

    @Test
    void theSurvivorsCpuIsReportedButNoLimit() {
        StepMeasurement busy = step(100, 0, 0.9);

        assertThat(CRITERIA.broken(busy)).as("on the whole cluster 90% breaks the 60% rule").containsExactly(Limit.CPU);
        assertThat(CRITERIA.broken(busy.through(kill(0, 0, null, 0)))).isEmpty();
        assertThat(busy.through(kill(0, 0, null, 0)).maxCpuUtilization()).isEqualTo(0.9);
    }

    @Test
    void attemptsThatFailedAtTheKilledNodeAreTheKillsOwnWhileTheSurvivorsFailuresAreErrors() {
        // 100 of 2,000 attempts (5%) failed at the killed node as it died
        StepMeasurement failedOver = step(100, 0.05, 0.5);
        assertThat(CRITERIA.broken(failedOver)).as("on the whole cluster: ERRORS").containsExactly(Limit.ERRORS);
        assertThat(CRITERIA.broken(failedOver.through(kill(0, 0, null, 100, 0)))).isEmpty();
        assertThat(CRITERIA.broken(failedOver.through(kill(0, 0, null, 100, 2))))
                .as("2 of 2,000 at the survivors = 0.10%: at the limit").isEmpty();
        StepMeasurement survivorsFailing = failedOver.through(kill(0, 0, null, 100, 3));
        assertThat(CRITERIA.broken(survivorsFailing)).containsExactly(Limit.ERRORS);
        assertThat(why(survivorsFailing)).isEqualTo("errors at the survivors after the kill 0.15% > 0.10%");
    }

    @Test
    void theStepKillsTheNodeOwningTheMostSessionsAndItsWindowStartsAtTheKill(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("s.yaml"), """
                name: s
                cluster: {nodes: 3}
                load: {users: 10, thinkTime: 1s, rampUp: 3s, warmUp: 4s, duration: 15s}
                """);
        ScenarioSpec step = RunStep.stepOf(ScenarioLoader.load(file), 20, Duration.ofSeconds(8));

        ScenarioSpec withKill = ThroughKill.withKill(step);

        assertThat(withKill.faults()).containsExactly(new KillSpec(Duration.ofSeconds(9),
                new NodeSelector.PrimaryOfMost()));
        assertThat(withKill.load().steadyStart()).isEqualTo(Duration.ofSeconds(9));
        assertThat(withKill.load().steady()).isEqualTo(Duration.ofSeconds(8));
        assertThat(withKill.load().users()).isEqualTo(20);
    }
}
