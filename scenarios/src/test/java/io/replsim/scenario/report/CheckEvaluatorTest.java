package io.replsim.scenario.report;

import io.replsim.scenario.fault.FaultEvidence;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.check.UsersServed;
import io.replsim.scenario.spec.Check;
import java.time.Duration;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class CheckEvaluatorTest {
    private static final FaultEvidence READ_BACK = FaultEvidence.confirmed("read back in the test");

    private static final RunSummary.Verdicts ONE_LOST_TWO_STALE = new RunSummary.Verdicts(97, 2, 1);

    private static Histogram latencies(long... micros) {
        Histogram histogram = new Histogram(3);
        for (long value : micros) {
            histogram.recordValue(value);
        }
        return histogram;
    }

    private static FaultReport kill(Long viewChangeMs, int affected, int recovered, Long failoverMs) {
        return new FaultReport("kill", "node2", List.of("node2"), "primary-of-most", "", 20_000, 1_000_000, null,
                viewChangeMs, null, List.of(), affected, recovered, 0, failoverMs, failoverMs, failoverMs, null,
                READ_BACK);
    }

    @Test
    void sessionChecksCompareTheCountsWithTheirLimits() {
        var outcomes = CheckEvaluator.evaluate(List.of(new Check.MaxSessionsLost(0), new Check.MaxSessionsLost(1),
                new Check.MaxSessionsStale(1), new Check.MaxSessionsStale(2)), ONE_LOST_TWO_STALE, latencies(1),
                latencies(1), List.of());

        assertThat(outcomes).extracting(CheckOutcome::passed).containsExactly(false, true, false, true);
        assertThat(outcomes.getFirst().actual()).isEqualTo("1");
    }

    @Test
    void latencyCheckReadsThePercentileFromTheWholeRunHistogram() {
        long[] values = new long[100];
        for (int i = 0; i < 100; i++) {
            values[i] = (i + 1) * 10_000L; // 10 ms .. 1000 ms
        }
        Histogram histogram = latencies(values);

        var outcomes = CheckEvaluator.evaluate(List.of(
                new Check.LatencyBelow(90, Duration.ofMillis(950)),   // p90 is 900 ms
                new Check.LatencyBelow(99, Duration.ofMillis(950)),   // p99 is 990 ms
                new Check.LatencyBelow(100, Duration.ofMillis(1100))), ONE_LOST_TWO_STALE, histogram, histogram,
                List.of());

        assertThat(outcomes).extracting(CheckOutcome::check)
                .containsExactly("p90 response time", "p99 response time", "max response time");
        assertThat(outcomes).extracting(CheckOutcome::passed).containsExactly(true, false, true);
    }

    @Test
    void viewChangeCheckFailsWhenASurvivorNeverSawTheNewView() {
        var missing = CheckEvaluator.evaluate(List.of(new Check.MaxViewChange(Duration.ofSeconds(2))),
                ONE_LOST_TWO_STALE, latencies(1), latencies(1), List.of(kill(null, 3, 3, 900L)));
        var slow = CheckEvaluator.evaluate(List.of(new Check.MaxViewChange(Duration.ofSeconds(2))),
                ONE_LOST_TWO_STALE, latencies(1), latencies(1), List.of(kill(2_500L, 3, 3, 900L)));
        var fast = CheckEvaluator.evaluate(List.of(new Check.MaxViewChange(Duration.ofSeconds(2))),
                ONE_LOST_TWO_STALE, latencies(1), latencies(1), List.of(kill(950L, 3, 3, 900L)));

        assertThat(missing.getFirst().passed()).isFalse();
        assertThat(missing.getFirst().actual()).contains("never");
        assertThat(slow.getFirst().passed()).isFalse();
        assertThat(fast.getFirst().passed()).isTrue();
    }

    @Test
    void failoverCheckFailsWhenAnAffectedUserNeverRecoveredAndPassesWhenNoUserWasAffected() {
        Check check = new Check.MaxFailover(Duration.ofSeconds(5));

        var unrecovered = CheckEvaluator.evaluate(List.of(check), ONE_LOST_TWO_STALE, latencies(1), latencies(1),
                List.of(kill(900L, 3, 2, null)));
        var nobodyAffected = CheckEvaluator.evaluate(List.of(check), ONE_LOST_TWO_STALE, latencies(1), latencies(1),
                List.of(kill(900L, 0, 0, null)));

        assertThat(unrecovered.getFirst().passed()).isFalse();
        assertThat(nobodyAffected.getFirst().passed()).isTrue();
    }

    @Test
    void sessionChecksOverARunThatJudgedNoSessionFailSayingSo() {
        RunSummary.Verdicts neverServed = new RunSummary.Verdicts(0, 0, 0, 0, 0, 0, 10);

        var outcomes = CheckEvaluator.evaluate(List.of(new Check.MaxSessionsLost(100),
                new Check.MaxSessionsStale(0)), neverServed, latencies(1), latencies(1), List.of());

        assertThat(outcomes).extracting(CheckOutcome::passed).containsExactly(false, false);
        assertThat(outcomes).extracting(CheckOutcome::actual).containsOnly("no session judged, 10 NEVER SERVED");
        var nothingAtAll = CheckEvaluator.evaluate(List.of(new Check.MaxSessionsStale(0)),
                new RunSummary.Verdicts(0, 0, 0), latencies(1), latencies(1), List.of());
        assertThat(nothingAtAll.getFirst().passed()).isFalse();
        assertThat(nothingAtAll.getFirst().actual()).isEqualTo("no session judged");
        // a run with tabs has no verdicts at all (its scenario cannot ask these checks: were one asked, it fails)
        var tabs = CheckEvaluator.evaluate(List.of(new Check.MaxSessionsLost(0)), null, latencies(1), latencies(1),
                List.of());
        assertThat(tabs.getFirst().passed()).isFalse();
        assertThat(tabs.getFirst().actual()).isEqualTo("no session judged: the users' tabs overlap");
    }

    @Test
    void attemptsNeverServedCountAgainstMaxSessionsLost() {
        RunSummary.Verdicts twoNeverServed = new RunSummary.Verdicts(8, 0, 0, 0, 0, 0, 2);

        var outcomes = CheckEvaluator.evaluate(List.of(new Check.MaxSessionsLost(1), new Check.MaxSessionsLost(2)),
                twoNeverServed, latencies(1), latencies(1), List.of());

        assertThat(outcomes).extracting(CheckOutcome::passed).containsExactly(false, true);
        assertThat(outcomes.getFirst().actual()).isEqualTo("2: 0 LOST, 0 CORRUPT, 0 FAILED, 2 NEVER SERVED");
    }

    @Test
    void maxSessionsLostNamesEachKindItCountsAndNoNeverServedWhenThereWasNone() {
        RunSummary.Verdicts notWhole = new RunSummary.Verdicts(10, 7, 1, 1_002, 3, 5, 0);

        var outcome = CheckEvaluator.evaluate(List.of(new Check.MaxSessionsLost(1_006)), notWhole, latencies(1),
                latencies(1), List.of()).getFirst();

        assertThat(outcome.passed()).isTrue();
        assertThat(outcome.actual()).isEqualTo("1006: 1 LOST, 1002 CORRUPT, 3 FAILED");
    }

    @Test
    void aLatencyCheckOverARunWithNoSuccessfulAnswerFailsHoweverFastItsErrors() {
        var outcomes = CheckEvaluator.evaluate(List.of(new Check.LatencyBelow(90, Duration.ofMillis(800))),
                ONE_LOST_TWO_STALE, latencies(1_000, 1_000, 2_000), latencies(), List.of());

        assertThat(outcomes.getFirst().passed()).isFalse();
        assertThat(outcomes.getFirst().actual()).isEqualTo("no successful answer: 3 answers, every one an error");
    }

    @Test
    void aLatencyCheckJudgesEveryAnswersTimeErrorsIncluded() {
        // a slow 503 is a wait the user had: with one fast success beside nine slow errors, p90 is the errors'
        var outcomes = CheckEvaluator.evaluate(List.of(new Check.LatencyBelow(90, Duration.ofMillis(800))),
                ONE_LOST_TWO_STALE, latencies(1_000, 2_000_000, 2_000_000, 2_000_000, 2_000_000, 2_000_000,
                        2_000_000, 2_000_000, 2_000_000, 2_000_000), latencies(1_000), List.of());

        assertThat(outcomes.getFirst().passed()).isFalse();
    }

    @Test
    void aUserInNoVerdictBreaksTheInvariantAsAFailedOutcome() {
        assertThat(CheckEvaluator.usersAccountedFor(new UsersServed(10, 6, 4))).isEmpty();

        var lost = CheckEvaluator.usersAccountedFor(new UsersServed(10, 6, 3));
        var twice = CheckEvaluator.usersAccountedFor(new UsersServed(10, 6, 5));

        assertThat(lost).hasValueSatisfying(outcome -> {
            assertThat(outcome.passed()).isFalse();
            assertThat(outcome.actual()).isEqualTo("6 served + 3 never served, 10 started");
        });
        assertThat(twice).as("a user in both classes").isPresent();
    }

    @Test
    void faultChecksFailWhenNoFaultHappened() {
        var outcomes = CheckEvaluator.evaluate(List.of(new Check.MaxViewChange(Duration.ofSeconds(2))),
                ONE_LOST_TWO_STALE, latencies(1), latencies(1), List.of());

        assertThat(outcomes.getFirst().passed()).isFalse();
        assertThat(outcomes.getFirst().actual()).isEqualTo("no fault happened");
    }
}
