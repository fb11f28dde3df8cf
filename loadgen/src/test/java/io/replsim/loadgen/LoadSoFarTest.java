package io.replsim.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.think.ThinkTime;
import java.time.Duration;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The closed-model driver's running totals: read while its users run they move, and once it is over they are its
 * result's figures, verdicts included, against nodes that answer stale and forget sessions.
 */
@Timeout(30)
class LoadSoFarTest {

    @ParameterizedTest
    @EnumSource(UserCarrierKind.class)
    void theTotalsMoveWhileTheUsersRunAndEndAsTheResultsFigures(UserCarrierKind runtime) throws Exception {
        LoadProfile profile = LoadProfile.builder("/counter").users(6).thinkTime(new ThinkTime.Fixed(
                        Duration.ofMillis(20))).duration(Duration.ofSeconds(3)).requestTimeout(Duration.ofSeconds(2))
                .runtime(runtime).build();
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.STALE_BY_ONE, Behaviour.FORGETFUL);
             LoadDriver driver = new LoadDriver(profile, cluster.endpoints(), null)) {
            assertThat(driver.soFar()).isEmpty();
            driver.start();

            await().atMost(Duration.ofSeconds(2)).until(() -> driver.soFar().orElseThrow().requests() >= 10);
            LoadSoFar early = driver.soFar().orElseThrow();
            await().atMost(Duration.ofSeconds(2)).until(() -> driver.soFar().orElseThrow().responses().total()
                    > early.responses().total() + 10);
            LoadSoFar later = driver.soFar().orElseThrow();
            LoadResult result = driver.awaitResult();
            LoadSoFar end = driver.soFar().orElseThrow();

            assertThat(early.over()).isFalse();
            assertThat(early.activeUsers()).isEqualTo(6);
            assertThat(later.requests()).isGreaterThan(early.requests());
            assertThat(later.latencyMicros().getTotalCount()).isGreaterThan(early.latencyMicros().getTotalCount());
            assertThat(end.over()).isTrue();
            assertThat(end.activeUsers()).isZero();
            assertThat(end.requests()).isEqualTo(result.requests());
            assertThat(end.errors()).isEqualTo(result.errors());
            assertThat(end.latencyMicros()).isEqualTo(result.latencyMicros());
            assertThat(end.responses()).isEqualTo(result.responseVerdicts());
            assertThat(end.sessions()).isEqualTo(result.sessionVerdicts());
            assertThat(end.responses().stale()).as("node2 answers stale").isPositive();
            assertThat(end.sessions().lost()).as("node3 forgets sessions").isPositive();
        }
    }
}
