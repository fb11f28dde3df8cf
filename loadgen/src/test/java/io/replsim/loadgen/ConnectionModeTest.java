package io.replsim.loadgen;

import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.exchange.ConnectionMode;
import io.replsim.loadgen.exchange.LoopbackRelay;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The connection modes, with either user runtime, checked by counting the TCP connections a relay in front of the
 * node accepted.
 */
@Timeout(30)
@ParameterizedClass
@EnumSource(UserCarrierKind.class)
class ConnectionModeTest {

    @Parameter
    UserCarrierKind runtime;

    private static final int USERS = 5;
    /**
     * Enough requests that each connection a user keeps carried several on average. Not more: the 1.5 s run can
     * lose most of its time to a busy machine's start (21 requests once, under .ci/run's parallel tiers), and what
     * each test asserts is how the connections were opened, not how many requests fit.
     */
    private static final long SEVERAL_PER_USER = USERS * 2L;

    private record Counted(LoadResult result, long accepted) {
    }

    private Counted run(ConnectionMode mode) throws Exception {
        LoadProfile profile = LoadProfile.builder("/counter").users(USERS)
                .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(20))).duration(Duration.ofMillis(1_500))
                .requestTimeout(Duration.ofSeconds(2)).connections(mode).runtime(runtime).build();
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL);
             LoopbackRelay proxy = LoopbackRelay.whole(cluster.endpoints().getFirst().baseUri().getPort())) {
            LoadResult result;
            try (LoadDriver driver = new LoadDriver(profile, List.of(proxy.endpoint("node1")), null)) {
                driver.start();
                result = driver.awaitResult();
            }
            return new Counted(result, proxy.connections());
        }
    }

    @Test
    void aNewConnectionPerRequestReallyOpensOneTcpConnectionForEachRequest() throws Exception {
        Counted counted = run(ConnectionMode.PER_REQUEST);
        LoadResult result = counted.result();
        assertThat(result.errors()).isEqualTo(ErrorCounts.NONE);
        assertThat(result.requests()).isGreaterThan(SEVERAL_PER_USER);
        assertThat(counted.accepted()).isEqualTo(result.requests());
        assertThat(result.connections().opened()).isEqualTo(result.requests());
        assertThat(result.connections().peak()).isLessThanOrEqualTo(USERS);
        assertThat(result.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(USERS, 0, 0));
    }

    @Test
    void keepAlivePerUserOpensOneConnectionPerUser() throws Exception {
        Counted counted = run(ConnectionMode.PER_USER);
        LoadResult result = counted.result();
        assertThat(result.errors()).isEqualTo(ErrorCounts.NONE);
        assertThat(result.requests()).isGreaterThan(SEVERAL_PER_USER);
        assertThat(counted.accepted()).isEqualTo(USERS);
        assertThat(result.connections().opened()).isEqualTo(USERS);
        assertThat(result.connections().peak()).isEqualTo(USERS);
    }

    @Test
    void aSharedPoolOpensNoMoreConnectionsThanRequestsInFlight() throws Exception {
        Counted counted = run(ConnectionMode.SHARED_POOL);
        LoadResult result = counted.result();
        assertThat(result.errors()).isEqualTo(ErrorCounts.NONE);
        assertThat(result.requests()).isGreaterThan(SEVERAL_PER_USER);
        assertThat(counted.accepted()).isBetween(1L, (long) USERS);
        assertThat(result.connections().opened()).isEqualTo(counted.accepted());
    }
}
