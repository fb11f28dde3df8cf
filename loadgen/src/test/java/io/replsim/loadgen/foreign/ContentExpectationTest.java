package io.replsim.loadgen.foreign;

import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.exchange.TargetProtocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code --expect}: a field a team's app shows while its session content is intact, judged on every answer, against
 * a small server whose header (and JSON field) flips on every fifth answer of a session while the count goes on.
 */
@Timeout(30)
class ContentExpectationTest {
    private static final int USERS = 5;
    // The app flips every second answer of a session: every fifth left no flipped answer at all when a machine at
    // load 20+ let each user make fewer than five requests in the 1.5 s (seen on a merge of this branch).

    private static LoadResult drive(FlippingApp app, TargetProtocol protocol) throws Exception {
        LoadProfile profile = LoadProfile.builder(FlippingApp.PATH).users(USERS)
                .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(20))).duration(Duration.ofMillis(1_500))
                .requestTimeout(Duration.ofSeconds(2)).protocol(protocol).build();
        try (LoadDriver driver = new LoadDriver(profile, app.endpoints(), null)) {
            driver.start();
            return driver.awaitResult();
        }
    }

    @Test
    void everyAnswerWhoseHeaderFlippedIsCorruptAndItsSessionToo() throws Exception {
        LoadResult result;
        long flipped;
        int flippedSessions;
        try (FlippingApp app = new FlippingApp(2)) {
            result = drive(app, TargetProtocol.of("SID", "json:/hits")
                    .expecting(TargetProtocol.parseExpectation("header:X-Content=intact|full")));
            flipped = app.flippedAnswers();
            flippedSessions = app.flippedSessions();
        }
        assertThat(result.errors()).isEqualTo(ErrorCounts.NONE);
        assertThat(flipped).as("answers the server flipped").isPositive();
        assertThat(result.responseVerdicts().corrupt()).isEqualTo(flipped);
        assertThat(result.responseVerdicts().ok()).isEqualTo(result.requests() - flipped);
        assertThat(result.sessionVerdicts().corrupt()).isEqualTo(flippedSessions);
    }

    @Test
    void aJsonFieldIsJudgedTheSameWay() throws Exception {
        LoadResult result;
        long flipped;
        try (FlippingApp app = new FlippingApp(2)) {
            result = drive(app, TargetProtocol.of("SID", "json:/hits")
                    .expecting(TargetProtocol.parseExpectation("json:/intact=true")));
            flipped = app.flippedAnswers();
        }
        assertThat(flipped).isPositive();
        assertThat(result.responseVerdicts().corrupt()).isEqualTo(flipped);
    }

    @Test
    void withoutTheExpectationTheSameFlipsPassUnseen() throws Exception {
        LoadResult result;
        try (FlippingApp app = new FlippingApp(2)) {
            result = drive(app, TargetProtocol.of("SID", "json:/hits"));
            assertThat(app.flippedAnswers()).isPositive();
        }
        assertThat(result.responseVerdicts().corrupt()).isZero();
        assertThat(result.sessionVerdicts().ok()).isEqualTo(USERS);
    }

    @Test
    void aBadExpectationSaysWhatIsExpected() {
        assertThatThrownBy(() -> TargetProtocol.parseExpectation("header:X-Content"))
                .hasMessageContaining("expected header:NAME=v1|v2 or json:/pointer=value");
        assertThatThrownBy(() -> TargetProtocol.parseExpectation("cookie:a=b")).hasMessageContaining("unknown kind");
        assertThatThrownBy(() -> TargetProtocol.parseExpectation("json:intact=true"))
                .hasMessageContaining("JSON pointer starting with '/'");
        assertThatThrownBy(() -> TargetProtocol.of("SID", "header:X-Hits")
                .expecting(TargetProtocol.parseExpectation("header:X-Content=intact")))
                .hasMessageContaining("one header");
    }
}
