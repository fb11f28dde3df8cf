package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.scenario.spec.Check;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** {@code maxAnomalies} held against what the checker counted in the run's history. */
class AnomalyCheckEvaluatorTest {

    private static final RunSummary.Verdicts TEN_OK = new RunSummary.Verdicts(10, 0, 0);
    private static final Check.MaxAnomalies NO_LOST_UPDATE = new Check.MaxAnomalies(
            Map.of(AnomalyKind.LOST_UPDATE, 0L));

    private static AnomalyCounts counted(long lostUpdate, long indeterminateApplied) {
        return new AnomalyCounts(100, 98, 2, 3, lostUpdate, 0, 0, indeterminateApplied, 0, 0, 0);
    }

    private static CheckOutcome evaluate(Check check, AnomalyCounts anomalies) {
        return CheckEvaluator.evaluate(List.of(check), TEN_OK, new Histogram(3), new Histogram(3), List.of(),
                anomalies).getFirst();
    }

    @Test
    void aLostUpdateOverItsLimitFailsNamingTheCount() {
        CheckOutcome outcome = evaluate(NO_LOST_UPDATE, counted(2, 5));

        assertThat(outcome.passed()).isFalse();
        assertThat(outcome.limit()).isEqualTo("lostUpdate ≤ 0");
        assertThat(outcome.actual()).isEqualTo("2 lost update (2 requests not judged)");
    }

    @Test
    void kindsNotLimitedAreCountedNotChecked() {
        assertThat(evaluate(NO_LOST_UPDATE, counted(0, 5)).passed()).isTrue();
        assertThat(evaluate(new Check.MaxAnomalies(Map.of(AnomalyKind.LOST_UPDATE, 0L,
                AnomalyKind.INDETERMINATE_WRITE_APPLIED, 4L)), counted(0, 5)).passed()).isFalse();
    }

    @Test
    void aResendAppliedTwiceIsLimitedByItsOwnKeyAndIsNotAWriteAppliedTwice() {
        AnomalyCounts oneResend = new AnomalyCounts(100, 98, 2, 3, 0, 0, 0, 0, 0, 0, 1);

        CheckOutcome limited = evaluate(new Check.MaxAnomalies(Map.of(AnomalyKind.RESEND_APPLIED_TWICE, 0L)),
                oneResend);
        assertThat(limited.passed()).isFalse();
        assertThat(limited.limit()).isEqualTo("resendAppliedTwice ≤ 0");
        assertThat(limited.actual()).isEqualTo("1 resend applied twice (2 requests not judged)");
        assertThat(evaluate(new Check.MaxAnomalies(Map.of(AnomalyKind.WRITE_APPLIED_TWICE, 0L)), oneResend).passed())
                .isTrue();
        assertThat(oneResend.illegal()).as("legal, as an indeterminate write applied").isZero();
    }

    @Test
    void aRunWithoutAHistoryFailsTheCheckAsNotMeasured() {
        CheckOutcome outcome = evaluate(NO_LOST_UPDATE, null);

        assertThat(outcome.passed()).isFalse();
        assertThat(outcome.actual()).startsWith("not measured");
    }
}
