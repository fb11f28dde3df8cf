package io.replsim.loadgen.validity;

import io.replsim.loadgen.ErrorCounts;
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
                new Histogram(3), throughput, Duration.ofMillis(10), thinkAsked, thinkTaken, requests - missed, missed,
                Duration.ofMillis(10).multipliedBy(requests), thinkTaken.multipliedBy(requests));
    }

    @Test
    void aWindowThatObeysEveryRuleIsValid() {
        RunValidity validity = ValidityRules.judge(window(1000, Duration.ofMillis(90), Duration.ofMillis(90), 0),
                IDLE_DRIVER);
        assertThat(validity.valid()).isTrue();
        assertThat(validity.reasons()).isEmpty();
        assertThat(validity.littlesLaw().impliedUsers()).isEqualTo(100.0, org.assertj.core.api.Assertions.within(1e-9));
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
    void pausesTakenLaterThanAskedAreThinkTimeDrift() {
        // taken 100 ms where 90 ms were asked: 11% late; Little's law is computed with what was taken, so it holds
        RunValidity validity = ValidityRules.judge(window(1000 * 100 / 110.0, Duration.ofMillis(90),
                Duration.ofMillis(100), 0), IDLE_DRIVER);
        assertThat(validity.reasons()).singleElement().asString().contains("think time drifted");
    }

    @Test
    void aMillisecondLateOnAShortPauseIsTimerGranularityNotDrift() {
        SteadyWindow shortPauses = new SteadyWindow(Duration.ZERO, Duration.ofSeconds(10), 10, 5_000,
                ErrorCounts.NONE, new Histogram(3), 500, Duration.ofMillis(10), Duration.ofMillis(9),
                Duration.ofMillis(10), 5_000, 0, Duration.ofSeconds(50), Duration.ofSeconds(50));
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
                new Histogram(3), 0, Duration.ZERO, Duration.ZERO, Duration.ZERO, 0, 0, Duration.ZERO, Duration.ZERO);
        assertThat(ValidityRules.judge(empty, IDLE_DRIVER).reasons()).singleElement().asString()
                .contains("no request ended in the steady window");
    }
}
