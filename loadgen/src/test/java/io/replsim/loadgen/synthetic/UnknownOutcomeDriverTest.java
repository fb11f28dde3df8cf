package io.replsim.loadgen.synthetic;

import static org.awaitility.Awaitility.await;

import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.think.ThinkTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import java.util.stream.IntStream;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole driver against a node whose sync replication fails on session creation: a 503 is an unknown outcome,
 * so the session it created and kept is the user's, and its first judged answer (serial 2) is not stale.
 */
@Timeout(30)
class UnknownOutcomeDriverTest {

    /**
     * Ended once every user has had an answer and made several requests, not at a fixed time: a cold JVM at load 45
     * started its users after the 3 s run had ended (one request each, none judged), and a creation answered after
     * the 2 s request timeout was a timeout, not the 503 counted here; 10 s is a bound, reached only by a starved JVM.
     */
    @Test
    @Timeout(60)
    void aSessionWhoseCreatingRequestWasAnswered503IsJudgedOkFromSerialTwo() throws Exception {
        int users = 5;
        try (FailedCreationCounter server = new FailedCreationCounter();
             LoadDriver driver = new LoadDriver(LoadProfile.builder("/counter").users(users)
                     .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(50))).rampUp(Duration.ofMillis(100))
                     .duration(Duration.ofSeconds(40)).requestTimeout(Duration.ofSeconds(10)).build(),
                     server.endpoints(), null)) {
            driver.start();
            await().atMost(Duration.ofSeconds(30)).until(() -> IntStream.range(0, users)
                    .allMatch(user -> driver.nodeServing(user).isPresent())
                    && driver.progress().requestsTotal() >= 5L * users);
            driver.close();
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
