package io.replsim.loadgen.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.open.Arrivals;
import io.replsim.loadgen.open.OpenLoadDriver;
import io.replsim.loadgen.open.OpenProfile;
import io.replsim.loadgen.open.OpenResult;
import io.replsim.loadgen.open.OpenSoFar;
import java.time.Duration;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The open driver's running totals (the driver's metrics read them): none before the schedule starts; the sessions'
 * verdicts published only once a reader asked, at their next request's end; once over, the result's own figures.
 */
@Timeout(60)
class OpenSoFarTest {

    @Test
    void itCountsAfterTheWarmUpPublishesVerdictsWhenAskedAndEndsOnTheResultsFigures() throws Exception {
        try (FixedServiceCounter server = new FixedServiceCounter(4, Duration.ofMillis(10));
             OpenLoadDriver driver = new OpenLoadDriver(new OpenProfile(new Arrivals.Constant(100), 20,
                     Duration.ofMillis(500), Duration.ofMillis(2_500), Duration.ofSeconds(5), "/counter",
                     SessionShapes.DEFAULT), server.endpoints())) {
            assertThat(driver.soFar()).as("before the schedule starts").isEmpty();
            FutureTask<OpenResult> schedule = new FutureTask<>(driver::run);
            Thread.ofVirtual().start(schedule);

            // awaited on a count that asks nothing: each read of soFar asks the sessions for their verdicts
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5))
                    .until(driver::completedSoFar, completed -> completed >= 80);
            OpenSoFar first = driver.soFar().orElseThrow();
            // completedSoFar counts the 50 warm-up arrivals too; a few may still be in flight
            assertThat(first.requests()).as("the warm-up's arrivals are not counted").isPositive()
                    .isLessThanOrEqualTo(driver.completedSoFar() - 40);
            assertThat(first.sessions()).as("nobody asked for them before").isEqualTo(SessionVerdictCounts.NONE);
            assertThat(first.responses().ok()).isPositive();
            OpenSoFar later = await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                    .until(driver::soFar, read -> read.orElseThrow().sessions().ok() > 0).orElseThrow();
            assertThat(later.over()).isFalse();
            OpenResult result = schedule.get();
            OpenSoFar last = driver.soFar().orElseThrow();

            assertThat(first.over()).isFalse();
            assertThat(last.over()).isTrue();
            assertThat(last.inFlight()).isZero();
            assertThat(last.requests()).isEqualTo(result.requests());
            assertThat(last.errors()).isEqualTo(result.errors());
            assertThat(last.correctedMicros()).isEqualTo(result.correctedMicros());
            assertThat(last.responses()).isEqualTo(result.responseVerdicts());
            assertThat(last.sessions()).isEqualTo(result.sessionVerdicts()).isNotEqualTo(SessionVerdictCounts.NONE);
        }
    }
}
