package io.replsim.loadgen.validity;

import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.steady.SteadyWindow;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class ValidityRulesTest {

    private static final DriverCost IDLE_DRIVER = new DriverCost(0.1, 2, Duration.ZERO, Duration.ZERO, 0);

    /** 100 users, R = 10 ms, Z = 90 ms: Little's law says X = 1000/s. */
    private static SteadyWindow window(double throughput, Duration thinkAsked, Duration thinkTaken, long missed) {
        long requests = (long) (throughput * 10);
        return new SteadyWindow(Duration.ofSeconds(5), Duration.ofSeconds(15), 100, requests, ErrorCounts.NONE,
                answers(requests, Duration.ofMillis(10)), throughput, Duration.ofMillis(10), thinkAsked, thinkTaken,
                requests - missed, missed, 0, Duration.ZERO, thinkAsked, Duration.ZERO);
    }

    /** {@code count} answers of {@code each}, as the window's recorder holds them. */
    static Histogram answers(long count, Duration each) {
        Histogram histogram = new Histogram(3);
        if (count > 0) {
            histogram.recordValueWithCount(each.toNanos() / 1000, count);
        }
        return histogram;
    }

    @Test
    void aWindowThatObeysEveryRuleIsValid() {
        RunValidity validity = ValidityRules.judge(window(1000, Duration.ofMillis(90), Duration.ofMillis(90), 0),
                IDLE_DRIVER);
        assertThat(validity.valid()).isTrue();
        assertThat(validity.reasons()).isEmpty();
        // R from the recorder: 10 ms as HdrHistogram holds it (10.004 ms, its bucket's middle)
        assertThat(validity.littlesLaw().impliedUsers()).isEqualTo(100.0, org.assertj.core.api.Assertions.within(0.01));
    }

    @Test
    void littlesLawOffByMoreThanFivePercentMakesTheRunInvalid() {
        assertThat(ValidityRules.judge(window(960, Duration.ofMillis(90), Duration.ofMillis(90), 0), IDLE_DRIVER)
                .valid()).as("4% off").isTrue();
        RunValidity validity = ValidityRules.judge(window(900, Duration.ofMillis(90), Duration.ofMillis(90), 0),
                IDLE_DRIVER);
        assertThat(validity.valid()).isFalse();
        assertThat(validity.reasons()).singleElement().asString()
                .contains("Little's law fails").contains("90.0 users").contains("100 were driven");
    }

    @Test
    void pausesTakenLaterThanAskedAreThinkTimeDriftAndUsersMissingFromLittlesLaw() {
        // taken 100 ms where 90 ms were asked: 11% late, so each cycle lasts 110 ms and X is 100/0.11; with Z as
        // asked, X·(R+Z) finds 9% of the users missing, the time the driver lost waking them
        RunValidity validity = ValidityRules.judge(window(1000 * 100 / 110.0, Duration.ofMillis(90),
                Duration.ofMillis(100), 0), IDLE_DRIVER);
        assertThat(validity.reasons()).hasSize(2);
        assertThat(validity.reasons().get(0)).contains("Little's law fails").contains("90.9 users")
                .contains("10.0 ms per request outside R and Z");
        assertThat(validity.reasons().get(1)).contains("think time drifted").contains("the driver woke them late")
                .doesNotContain("errors");
    }

    @Test
    void driftInAWindowWithErrorsNamesTheErrorsAsTheSecondCause() {
        SteadyWindow late = window(1000 * 100 / 110.0, Duration.ofMillis(90), Duration.ofMillis(100), 0);
        SteadyWindow withErrors = new SteadyWindow(late.from(), late.to(), late.users(), late.requests(),
                new ErrorCounts(0, 120, 30, 0), late.latencyMicros(), late.throughputPerSecond(),
                late.meanResponseTime(), late.meanThinkAsked(), late.meanThinkTaken(), late.thinks(),
                late.missedCycles(), late.unanswered(), late.unansweredTime(), late.meanPauseAsked(),
                late.edgeCorrection());
        assertThat(ValidityRules.judge(withErrors, IDLE_DRIVER).reasons()).anySatisfy(reason -> assertThat(reason)
                .contains("the driver woke them late, or the window's errors did: 150 failed attempts for 9,090"
                        + " requests (1.6% of attempts)"));
    }

    @Test
    void aMillisecondLateOnAShortPauseIsTimerGranularityNotDriftNorAUserLost() {
        // 10 users, R = 10 ms, 9 ms asked and 10 ms taken: 11% late, and X·(R+Z) 5% short, but by 1 ms a cycle
        SteadyWindow shortPauses = new SteadyWindow(Duration.ZERO, Duration.ofSeconds(10), 10, 5_000,
                ErrorCounts.NONE, answers(5_000, Duration.ofMillis(10)), 500, Duration.ofMillis(10),
                Duration.ofMillis(9), Duration.ofMillis(10), 5_000, 0, 0, Duration.ZERO, Duration.ofMillis(9),
                Duration.ZERO);
        assertThat(ValidityRules.judge(shortPauses, IDLE_DRIVER).valid()).isTrue();
    }

    @Test
    void manyMissedCyclesMakeACycleTimeRunInvalid() {
        RunValidity validity = ValidityRules.judge(window(1000, Duration.ofMillis(90), Duration.ofMillis(90), 1_000),
                IDLE_DRIVER);
        assertThat(validity.reasons()).singleElement().asString().contains("cycles were missed");
    }

    @Test
    void aBusyOrPausedDriverMakesTheRunInvalidWithOneReasonEach() {
        DriverCost busy = new DriverCost(1.5, 2, Duration.ofMillis(900), Duration.ofMillis(250), 4);
        RunValidity validity = ValidityRules.judge(window(1000, Duration.ofMillis(90), Duration.ofMillis(90), 0), busy);
        assertThat(validity.valid()).isFalse();
        assertThat(validity.reasons()).hasSize(3);
        assertThat(validity.reasons().get(0)).contains("1.50 of its 2 cores").contains("75%");
        assertThat(validity.reasons().get(1)).contains("250 ms at once");
        assertThat(validity.reasons().get(2)).contains("900 ms in all");
    }

    @Test
    void aWindowWithNoRequestIsInvalid() {
        SteadyWindow empty = new SteadyWindow(Duration.ZERO, Duration.ofSeconds(1), 5, 0, ErrorCounts.NONE,
                new Histogram(3), 0, Duration.ZERO, Duration.ZERO, Duration.ZERO, 0, 0, 0, Duration.ZERO,
                Duration.ZERO, Duration.ZERO);
        assertThat(ValidityRules.judge(empty, IDLE_DRIVER).reasons()).singleElement().asString()
                .contains("no request ended in the steady window");
    }
}
