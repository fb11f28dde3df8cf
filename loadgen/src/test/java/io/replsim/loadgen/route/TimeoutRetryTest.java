package io.replsim.loadgen.route;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.exchange.ErrorKind;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What each attempt of a request may wait under a balancer that retries on a timeout, and which failures it sends on:
 * its own timeout, once per request; never another failure, nor the client's own timeout.
 */
class TimeoutRetryTest {

    private static final Duration RETRY = Duration.ofMillis(400);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

    private static TimeoutRetry retrying() {
        return new TimeoutRetry(Balancer.DEFAULT.retryingOnTimeout(RETRY), REQUEST_TIMEOUT);
    }

    @Test
    void theFirstAttemptWaitsTheBalancersTimeoutAndItsTimeoutIsSentOnOnce() {
        TimeoutRetry retry = retrying();
        retry.newRequest(System.nanoTime());

        assertThat(retry.attemptTimeout()).contains(RETRY);
        assertThat(retry.take(ErrorKind.TIMEOUT)).isTrue();
        // the attempt sent on waits what is left of the client's timeout, and its own timeout is the request's end
        assertThat(retry.attemptTimeout()).hasValueSatisfying(rest -> assertThat(rest)
                .isGreaterThan(RETRY).isLessThanOrEqualTo(REQUEST_TIMEOUT));
        assertThat(retry.take(ErrorKind.TIMEOUT)).isFalse();
    }

    @Test
    void aNewRequestMayBeSentOnAgain() {
        TimeoutRetry retry = retrying();
        retry.newRequest(System.nanoTime());
        retry.attemptTimeout();
        retry.take(ErrorKind.TIMEOUT);

        retry.newRequest(System.nanoTime());

        assertThat(retry.attemptTimeout()).contains(RETRY);
        assertThat(retry.take(ErrorKind.TIMEOUT)).isTrue();
    }

    @Test
    void otherFailuresAreNotSentOn() {
        for (ErrorKind kind : new ErrorKind[] {ErrorKind.IO, ErrorKind.HTTP_STATUS, ErrorKind.CONNECT}) {
            TimeoutRetry retry = retrying();
            retry.newRequest(System.nanoTime());
            retry.attemptTimeout();

            assertThat(retry.take(kind)).as(kind.name()).isFalse();
        }
    }

    @Test
    void anAttemptLeftLessThanTheBalancersTimeoutWaitsTheRestAndIsNotSentOn() {
        TimeoutRetry retry = retrying();
        // the request started long enough ago that less than the balancer's timeout is left of the client's
        retry.newRequest(System.nanoTime() - REQUEST_TIMEOUT.minus(RETRY.dividedBy(2)).toNanos());

        assertThat(retry.attemptTimeout()).hasValueSatisfying(rest -> assertThat(rest).isLessThanOrEqualTo(
                RETRY.dividedBy(2)));
        assertThat(retry.take(ErrorKind.TIMEOUT)).isFalse();
    }

    @Test
    void withoutRetryOnTimeoutAttemptsWaitTheClientsTimeoutAndNothingIsSentOn() {
        TimeoutRetry retry = new TimeoutRetry(Balancer.DEFAULT, REQUEST_TIMEOUT);
        retry.newRequest(System.nanoTime());

        assertThat(retry.attemptTimeout()).isEmpty();
        assertThat(retry.take(ErrorKind.TIMEOUT)).isFalse();
    }
}
