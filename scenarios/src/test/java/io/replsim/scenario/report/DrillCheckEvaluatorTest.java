package io.replsim.scenario.report;

import io.replsim.scenario.fault.FaultEvidence;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.spec.Check;
import java.time.Duration;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The drill checks: each fault held against the limit, the worst one named when there are several. */
class DrillCheckEvaluatorTest {
    private static final FaultEvidence READ_BACK = FaultEvidence.confirmed("read back in the test");

    private static final RunSummary.Verdicts NONE_LOST = new RunSummary.Verdicts(10, 0, 0);

    private static FaultReport pause(String node, long atMs, Long healedAtMs, Long backInViewMs, long errors,
                                     Long p90BackMs, double survivorCpu) {
        FaultImpact impact = new FaultImpact(atMs, atMs + 10_000, errors, 100.0, 50.0, 0.5, 20.0, 30.0, 900.0, 2_000.0,
                800, p90BackMs, p90BackMs == null, List.of(new FaultImpact.SurvivorCpu("node9", 0.3, survivorCpu)), 0.3,
                0.45, 0.6);
        return new FaultReport("pause", node, List.of(node), node, "", atMs, 1_000_000 + atMs, healedAtMs, 3_000L,
                backInViewMs, List.of(), 0, 0, 0, 0L, null, null, impact, READ_BACK);
    }

    private static List<CheckOutcome> evaluate(Check check, FaultReport... faults) {
        return CheckEvaluator.evaluate(List.of(check), NONE_LOST, new Histogram(3), new Histogram(3), List.of(faults));
    }

    @Test
    void errorsPerFaultNameTheWorstFault() {
        var outcome = evaluate(new Check.MaxErrorsPerFault(40),
                pause("node1", 10_000, 18_000L, 22_000L, 12, 3_000L, 0.4),
                pause("node2", 30_000, 38_000L, 42_000L, 45, 3_000L, 0.4)).getFirst();

        assertThat(outcome.passed()).isFalse();
        assertThat(outcome.actual()).isEqualTo("45, pause node2 at 30.00 s");
        assertThat(outcome.limit()).isEqualTo("≤ 40");
    }

    @Test
    void mergeAfterHealIsTimedFromTheHealNotFromTheFault() {
        // paused at 10 s, resumed at 18 s, back in the view 12 s after the fault: 4 s after the heal
        FaultReport fault = pause("node1", 10_000, 18_000L, 12_000L, 0, 0L, 0.4);

        assertThat(evaluate(new Check.MaxMergeAfterHeal(Duration.ofSeconds(5)), fault).getFirst())
                .extracting(CheckOutcome::passed, CheckOutcome::actual).containsExactly(true, "4.00 s");
        assertThat(evaluate(new Check.MaxMergeAfterHeal(Duration.ofSeconds(3)), fault).getFirst().passed()).isFalse();
        assertThat(evaluate(new Check.MaxMergeAfterHeal(Duration.ofSeconds(30)),
                pause("node1", 10_000, 18_000L, null, 0, 0L, 0.4)).getFirst())
                .extracting(CheckOutcome::passed, CheckOutcome::actual)
                .containsExactly(false, "the node never came back into a survivor's view (pause node1)");
    }

    @Test
    void p90RecoveryAndSurvivorCpuHoldEachFaultAgainstTheLimit() {
        FaultReport fault = pause("node1", 10_000, 18_000L, 22_000L, 0, 6_000L, 0.7);

        assertThat(evaluate(new Check.MaxP90Recovery(Duration.ofSeconds(5)), fault).getFirst())
                .extracting(CheckOutcome::passed, CheckOutcome::actual).containsExactly(false, "6.00 s");
        assertThat(evaluate(new Check.MaxSurvivorCpu(0.6), fault).getFirst())
                .extracting(CheckOutcome::passed, CheckOutcome::limit, CheckOutcome::actual)
                .containsExactly(false, "≤ 60%", "70%");
        assertThat(evaluate(new Check.MaxSurvivorCpu(0.75), fault).getFirst().passed()).isTrue();
    }

    /** A p90 still above its bound when the window ended is no recovery, however short the limit's complement. */
    @Test
    void p90RecoveryFailsOnAFaultWhoseP90NeverCameBack() {
        FaultReport recovered = pause("node1", 10_000, 18_000L, 22_000L, 0, 2_000L, 0.4);
        FaultReport never = pause("node2", 30_000, 38_000L, 42_000L, 0, null, 0.4);

        assertThat(evaluate(new Check.MaxP90Recovery(Duration.ofSeconds(60)), recovered, never).getFirst())
                .extracting(CheckOutcome::passed, CheckOutcome::actual)
                .containsExactly(false, "never: still above it at the end of the fault's window (pause node2)");
        assertThat(evaluate(new Check.MaxP90Recovery(Duration.ofSeconds(60)), recovered).getFirst().passed()).isTrue();
    }

    @Test
    void drillChecksFailWhenNoFaultHappened() {
        for (Check check : List.of(new Check.MaxErrorsPerFault(0), new Check.MaxSurvivorCpu(0.6),
                new Check.MaxP90Recovery(Duration.ofSeconds(1)))) {
            assertThat(evaluate(check).getFirst()).extracting(CheckOutcome::passed, CheckOutcome::actual)
                    .containsExactly(false, "no fault happened");
        }
    }
}
