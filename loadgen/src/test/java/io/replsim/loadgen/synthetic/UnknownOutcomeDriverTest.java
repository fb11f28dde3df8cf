package io.replsim.loadgen.synthetic;

import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.think.ThinkMode;
import io.replsim.loadgen.think.ThinkTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole driver against a node whose sync replication fails on session creation: a 503 is an unknown outcome,
 * so the session it created and kept is the user's, and its first judged answer (serial 2) is not stale.
 */
@Timeout(30)
class UnknownOutcomeDriverTest {

    @Test
    void aSessionWhoseCreatingRequestWasAnswered503IsJudgedOkFromSerialTwo() throws Exception {
        try (FailedCreationCounter server = new FailedCreationCounter();
             LoadDriver driver = new LoadDriver(new LoadProfile(5, new ThinkTime.Fixed(Duration.ofMillis(50)),
                     ThinkMode.AFTER_RESPONSE, Duration.ofMillis(100), Duration.ZERO, Duration.ofMillis(3_000),
                     Duration.ofSeconds(2), "/counter"), server.endpoints(), null)) {
            driver.start();
            LoadResult result = driver.awaitResult();

            assertThat(result.errors().of(ErrorKind.HTTP_STATUS)).as("each creation answered 503: %s", result)
                    .isEqualTo(server.sessionsCreated());
            // every user that got past its 503 judged its session from serial 2 on, and none of it was stale
            assertThat(result.sessionVerdicts().ok()).as(result.toString()).isPositive();
            assertThat(result.sessionVerdicts().stale() + result.sessionVerdicts().lost()).as(result.toString())
                    .isZero();
            assertThat(result.responseVerdicts().stale()).isZero();
        }
    }
}
