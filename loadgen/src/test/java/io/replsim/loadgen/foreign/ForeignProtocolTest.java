package io.replsim.loadgen.foreign;

import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.exchange.TargetProtocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The driver and its checks against an app that is not replsim's: another cookie, the serial read another way. */
@Timeout(30)
class ForeignProtocolTest {

    private static LoadResult drive(ForeignApp app, TargetProtocol protocol) throws Exception {
        LoadProfile profile = LoadProfile.builder(ForeignApp.PATH).users(6)
                .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(20))).duration(Duration.ofMillis(1_500))
                .requestTimeout(Duration.ofSeconds(2)).protocol(protocol).build();
        try (LoadDriver driver = new LoadDriver(profile, app.endpoints(), null)) {
            driver.start();
            return driver.awaitResult();
        }
    }

    @Test
    void aPatternOnTheBodyAndTheAppsCookieNameKeepEverySessionOk() throws Exception {
        LoadResult result;
        try (ForeignApp app = new ForeignApp(0, "a", "b")) {
            result = drive(app, TargetProtocol.of("SID", "regex:hits=(\\d+)"));
        }
        assertThat(result.errors()).isEqualTo(ErrorCounts.NONE);
        assertThat(result.requests()).isGreaterThan(30);
        assertThat(result.responseVerdicts().ok()).isEqualTo(result.requests());
        assertThat(result.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(6, 0, 0));
        // sticky by the cookie's route: each user stays on the node that made its session
        assertThat(result.timelines()).allSatisfy(timeline -> assertThat(timeline.stints()).hasSize(1));
    }

    @Test
    void aSessionTheAppForgetsIsLostWhenTheSerialComesFromAHeader() throws Exception {
        LoadResult result;
        try (ForeignApp app = new ForeignApp(7, "a")) {
            result = drive(app, TargetProtocol.of("SID", "header:X-Hits"));
        }
        assertThat(result.errors()).isEqualTo(ErrorCounts.NONE);
        assertThat(result.sessionVerdicts().lost()).isPositive();
        assertThat(result.responseVerdicts().lost()).isPositive();
    }

    @Test
    void withTheWrongCookieNameNoAnswerCanBeJudged() throws Exception {
        LoadResult result;
        try (ForeignApp app = new ForeignApp(0, "a")) {
            result = drive(app, TargetProtocol.of("JSESSIONID", "regex:hits=(\\d+)"));
        }
        assertThat(result.responseVerdicts().total()).isZero();
        assertThat(result.errors().io()).isPositive();
    }
}
