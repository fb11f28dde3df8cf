package io.replsim.loadgen.steady;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.profile.RunPlan;
import io.replsim.loadgen.think.ThinkMode;
import io.replsim.loadgen.think.ThinkTime;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The steady window's error share, as a capacity warm-up round prints it ("err 147.95% of 2,371" was seen when it
 * was taken over requests: each refusal is a failed attempt, and a request refused on several nodes before one
 * answered counted each of them against one request).
 */
class SteadyWindowErrorShareTest {

    private static final long SECOND = 1_000_000_000L;

    private final RunPlan plan = new RunPlan(0, SECOND, 10 * SECOND, 2, Duration.ZERO,
            ThinkTime.NegativeExponential.withMean(Duration.ofSeconds(1)), ThinkMode.AFTER_RESPONSE);

    /** A request answered with a 200 at {@code at}, a millisecond after it was sent. */
    private static void served(SteadyRecording steady, long at) {
        steady.answered(at, 1_000);
        steady.served(at, 1_000);
        steady.requestDone(at - 1_000_000, at);
    }

    /** {@code nodes} refused connections at {@code at}, each a failed attempt. */
    private static void refused(SteadyRecording steady, long at, int nodes) {
        for (int i = 0; i < nodes; i++) {
            steady.error(at, ErrorKind.CONNECT);
        }
    }

    @Test
    void aRequestRefusedOnTwoNodesAndAnsweredByTheThirdIsTwoFailedAttemptsOfThree() {
        SteadyRecording steady = new SteadyRecording(plan);
        long at = 2 * SECOND;
        refused(steady, at, 2);
        served(steady, at);

        SteadyWindow window = steady.window(Duration.ofSeconds(1), Duration.ofSeconds(10));

        assertThat(window.requests()).isEqualTo(1);
        assertThat(window.errorRatio()).as("failed attempts over attempts, never above 1").isEqualTo(2 / 3.0);
    }

    @Test
    void failuresThatEndedTheirRequestsAndServerErrorsCountOnceEach() {
        SteadyRecording steady = new SteadyRecording(plan);
        long at = 3 * SECOND;
        steady.error(at, ErrorKind.TIMEOUT); // no answer: the request ends failed
        steady.unanswered(at, SECOND);
        steady.requestDone(at - SECOND, at);
        steady.answered(at, 2_000); // a 503: an answer and a failed attempt
        steady.error(at, ErrorKind.HTTP_STATUS);
        steady.requestDone(at - 2_000_000, at);
        served(steady, at);
        served(steady, at);

        SteadyWindow window = steady.window(Duration.ofSeconds(1), Duration.ofSeconds(10));

        assertThat(window.requests()).isEqualTo(4);
        assertThat(window.errorRatio()).as("two of four attempts failed").isEqualTo(0.5);
    }

    @Test
    void everyAttemptFailedIsAShareOfOne() {
        SteadyRecording steady = new SteadyRecording(plan);
        long at = 4 * SECOND;
        refused(steady, at, 3); // on all three nodes
        steady.unanswered(at, 1_000_000);
        steady.requestDone(at - 1_000_000, at);

        SteadyWindow window = steady.window(Duration.ofSeconds(1), Duration.ofSeconds(10));

        assertThat(window.errorRatio()).isEqualTo(1.0);
    }
}
