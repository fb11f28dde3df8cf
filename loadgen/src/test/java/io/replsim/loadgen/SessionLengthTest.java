package io.replsim.loadgen;

import io.replsim.loadgen.profile.SessionsAtEnd;
import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.record.Stint;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.script.WeightedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
@ParameterizedClass
@EnumSource(UserCarrierKind.class)
class SessionLengthTest {

    @Parameter
    UserCarrierKind runtime;

    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private LoadProfile visits(int users, Duration sessionLength) {
        return LoadProfile.builder("/counter").users(users).thinkTime(new ThinkTime.Fixed(Duration.ofMillis(20)))
                .duration(Duration.ofMillis(2_500)).requestTimeout(TIMEOUT).sessionLength(sessionLength).build();
    }

    /** What the driver and the servers saw of one run: sessions created, ended by a logout, and still held. */
    private record Outcome(LoadResult result, long created, long ended, int held) {
    }

    private Outcome run(LoadProfile profile, int nodes) throws Exception {
        Behaviour[] faithful = new Behaviour[nodes];
        java.util.Arrays.fill(faithful, Behaviour.FAITHFUL);
        try (StubCluster cluster = new StubCluster(faithful);
             LoadDriver driver = new LoadDriver(profile.toBuilder().runtime(runtime).build(), cluster.endpoints(),
                     null)) {
            driver.start();
            LoadResult result = driver.awaitResult();
            return new Outcome(result, cluster.sessionsCreated(), cluster.sessionsEnded(), cluster.sessionsHeld());
        }
    }

    @Test
    void usersEndTheirSessionsAndStartNewOnesThatTheBalancerSpreadsOverTheNodes() throws Exception {
        int users = 6;
        Outcome outcome = run(visits(users, Duration.ofMillis(100)), 3);
        LoadResult result = outcome.result();
        long created = outcome.created();
        long ended = outcome.ended();
        int held = outcome.held();

        assertThat(result.errors()).isEqualTo(ErrorCounts.NONE);
        // visits of 50-150 ms in a 2.5 s run: users go through several sessions, each ended by its logout but the last
        assertThat(result.distinctSessions()).isGreaterThan(users * 2L).isEqualTo(created);
        assertThat(ended).isEqualTo(created - held);
        assertThat(held).isLessThanOrEqualTo(users);
        // a logout and the fresh session after it are both OK: ending a session is not losing it
        assertThat(result.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(created, 0, 0));
        assertThat(result.responseVerdicts().lost()).isZero();
        // a new session goes wherever the balancer sends it, not back to the user's old node
        assertThat(result.timelines()).anySatisfy(timeline -> assertThat(timeline.stints().stream()
                .map(Stint::node).distinct().count()).isGreaterThan(1));
    }

    @Test
    void withAScriptEverySessionTheUserHoldsIsEndedBeforeTheNextVisit() throws Exception {
        int users = 4;
        UserScript script = UserScript.of(new WeightedRequest(RequestType.COUNTER, 1),
                new WeightedRequest(RequestType.CART, 1));
        Outcome outcome = run(visits(users, Duration.ofMillis(100)).toBuilder().script(script).build(), 2);
        LoadResult result = outcome.result();
        long created = outcome.created();
        long ended = outcome.ended();
        int held = outcome.held();

        assertThat(result.errors()).isEqualTo(ErrorCounts.NONE);
        assertThat(result.distinctSessions()).isEqualTo(created).isGreaterThan(users * 2L);
        assertThat(ended).isEqualTo(created - held);
        assertThat(held).as("at most a counter and a cart session per user").isLessThanOrEqualTo(users * 2);
        assertThat(result.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(created, 0, 0));
    }

    @Test
    void withoutASessionLengthUsersKeepTheirSessionForTheWholeRun() throws Exception {
        int users = 3;
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL);
             LoadDriver driver = new LoadDriver(LoadProfile.builder("/counter").users(users)
                     .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(20))).duration(Duration.ofMillis(1_000))
                     .requestTimeout(TIMEOUT).runtime(runtime).build(), cluster.endpoints(), null)) {
            driver.start();
            LoadResult result = driver.awaitResult();

            assertThat(result.distinctSessions()).isEqualTo(users);
            assertThat(cluster.sessionsEnded()).isZero();
        }
    }

    @Test
    void usersThatEndTheirSessionsAtTheEndLeaveNoneHeldOnTheNodes() throws Exception {
        int users = 5;
        LoadProfile profile = LoadProfile.builder("/counter").users(users)
                .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(20))).duration(Duration.ofMillis(1_000))
                .requestTimeout(TIMEOUT).sessionsAtEnd(SessionsAtEnd.ENDED).build();
        Outcome outcome = run(profile, 2);

        assertThat(outcome.result().errors()).isEqualTo(ErrorCounts.NONE);
        assertThat(outcome.created()).isEqualTo(users);
        assertThat(outcome.ended()).isEqualTo(users);
        assertThat(outcome.held()).isZero();
        // the logouts were judged like any request, and ending a session is not losing it
        assertThat(outcome.result().sessionVerdicts()).isEqualTo(new SessionVerdictCounts(users, 0, 0));
    }

    @Test
    void withAScriptTheEndOfTheRunEndsEverySessionEachUserHolds() throws Exception {
        int users = 4;
        UserScript script = UserScript.of(new WeightedRequest(RequestType.COUNTER, 1),
                new WeightedRequest(RequestType.CART, 1));
        LoadProfile profile = LoadProfile.builder("/counter").users(users)
                .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(20))).duration(Duration.ofMillis(1_000))
                .requestTimeout(TIMEOUT).script(script).sessionsAtEnd(SessionsAtEnd.ENDED).build();
        Outcome outcome = run(profile, 2);

        assertThat(outcome.created()).isGreaterThan(users);
        assertThat(outcome.ended()).isEqualTo(outcome.created());
        assertThat(outcome.held()).isZero();
    }
}
