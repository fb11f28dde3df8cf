package io.replsim.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.check.UsersServed;

/**
 * What a load reads when every answer was a 503, the same in both models: each steady request an error in the
 * window's tally, so an error ratio of 1; no session judged, every user (an open load's every session) NEVER
 * SERVED; every answer's time in the response times, and no successful answer's.
 */
final class ServerErrorsOnly {

    private ServerErrorsOnly() {
    }

    static void assertReadBy(LoadResult result, int users) {
        assertThat(result.steady().requests()).isPositive();
        assertThat(result.steady().errors().httpStatus()).as("every steady request's 503, in the window's tally")
                .isEqualTo(result.steady().requests());
        assertThat(result.steady().errorRatio()).isEqualTo(1.0);
        assertThat(result.sessionVerdicts().total()).as("no session judged").isZero();
        assertThat(result.sessionVerdicts().neverServed()).isEqualTo(users);
        assertThat(result.users()).isEqualTo(new UsersServed(users, 0, users));
        assertThat(result.served().wholeMicros().getTotalCount()).as("no successful answer").isZero();
        assertThat(result.served().steadyMicros().getTotalCount()).as("no successful answer").isZero();
        assertThat(result.latencyMicros().getTotalCount()).as("every answer's time, the 503s'")
                .isEqualTo(result.requests());
    }
}
