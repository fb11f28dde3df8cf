package io.replsim.loadgen;

import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.record.RequestTypeFigures;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.script.WeightedRequest;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
@ParameterizedClass
@EnumSource(UserCarrierKind.class)
class ScriptedLoadTest {

    @Parameter
    UserCarrierKind runtime;

    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private LoadProfile scripted(int users, UserScript script) {
        return LoadProfile.builder("/counter").users(users).thinkTime(new ThinkTime.Fixed(Duration.ofMillis(20)))
                .duration(Duration.ofMillis(2_000)).requestTimeout(TIMEOUT).script(script).runtime(runtime).build();
    }

    private static RequestTypeFigures of(LoadResult result, RequestType type) {
        return result.byRequestType().stream().filter(f -> f.type() == type).findFirst().orElseThrow();
    }

    @Test
    void eachTypeIsCheckedCountedAndLoggedUnderItsOwnTag(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("latency.hlog");
        UserScript script = UserScript.of(new WeightedRequest(RequestType.COUNTER, 6),
                new WeightedRequest(RequestType.CART, 3), new WeightedRequest(RequestType.READ, 1));
        int users = 10;
        LoadResult result;
        long sessionsMade;
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL);
             LoadDriver driver = new LoadDriver(scripted(users, script), cluster.endpoints(), log)) {
            driver.start();
            result = driver.awaitResult();
            sessionsMade = cluster.sessionsCreated();
        }

        assertThat(result.errors()).isEqualTo(ErrorCounts.NONE);
        assertThat(result.byRequestType()).extracting(RequestTypeFigures::type)
                .containsExactly(RequestType.COUNTER, RequestType.CART, RequestType.READ);
        long perTypeRequests = result.byRequestType().stream().mapToLong(RequestTypeFigures::requests).sum();
        assertThat(perTypeRequests).isEqualTo(result.requests());
        assertThat(result.byRequestType()).allSatisfy(figures -> {
            assertThat(figures.requests()).isPositive();
            assertThat(figures.responses().ok()).isEqualTo(figures.requests());
            assertThat(figures.latencyMicros().getTotalCount()).isEqualTo(figures.requests());
        });
        // the counter's share is 0.6 of several hundred draws; far from it means the weights are not used
        assertThat(of(result, RequestType.COUNTER).requests()).isGreaterThan(of(result, RequestType.READ).requests());
        // One session per app a user's draws touched (read shares the bean's), every one of them OK: each session the
        // stub made is one the driver kept, never a second for the same app (that one would be a LOST verdict).
        // Which apps a user touched is its draws': a loaded machine that lets a user make only 20 requests in the
        // 2 s leaves it without a read one time in eight, so the count is the stub's, at most three a user.
        assertThat(result.distinctSessions()).isEqualTo(sessionsMade).isBetween((long) users, users * 3L);
        assertThat(result.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(sessionsMade, 0, 0));
        // a user's new sessions follow its first one, so each user stays on one node
        assertThat(result.timelines()).allSatisfy(timeline -> assertThat(timeline.stints()).hasSize(1));

        Map<String, Long> loggedByTag = new HashMap<>();
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        for (EncodableHistogram interval; (interval = reader.nextIntervalHistogram()) != null; ) {
            loggedByTag.merge(Objects.requireNonNullElse(interval.getTag(), "(all)"),
                    ((org.HdrHistogram.Histogram) interval).getTotalCount(), Long::sum);
        }
        assertThat(loggedByTag).containsOnlyKeys("(all)", "counter", "cart", "read");
        assertThat(loggedByTag.get("(all)")).isEqualTo(result.requests());
        assertThat(loggedByTag.get("cart")).isEqualTo(of(result, RequestType.CART).requests());
    }

    @Test
    void aStaleReadIsChargedToTheReadAndNotToTheWritesOfTheSameSession() throws Exception {
        UserScript script = UserScript.of(new WeightedRequest(RequestType.BEAN, 1),
                new WeightedRequest(RequestType.READ, 1));
        LoadResult result;
        try (StubCluster cluster = new StubCluster(Behaviour.READS_STALE);
             LoadDriver driver = new LoadDriver(scripted(5, script), cluster.endpoints(), null)) {
            driver.start();
            result = driver.awaitResult();
        }
        assertThat(result.errors()).isEqualTo(ErrorCounts.NONE);
        assertThat(of(result, RequestType.READ).responses().stale()).isPositive();
        assertThat(of(result, RequestType.BEAN).responses().stale()).isZero();
        assertThat(result.sessionVerdicts().stale()).isPositive();
    }
}
