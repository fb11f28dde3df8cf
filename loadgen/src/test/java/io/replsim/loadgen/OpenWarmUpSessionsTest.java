package io.replsim.loadgen;

import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.open.Arrivals;
import io.replsim.loadgen.open.OpenLoadDriver;
import io.replsim.loadgen.open.OpenProfile;
import io.replsim.loadgen.open.OpenResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class OpenWarmUpSessionsTest {

    @Test
    void warmUpArrivalsKeepTheirSessionsSoTheClusterSeesOnlyTheDriversSessions() throws Exception {
        int sessions = 5;
        OpenProfile profile = new OpenProfile(new Arrivals.Constant(200), sessions, Duration.ofMillis(1_000),
                Duration.ofMillis(1_500), Duration.ofSeconds(2), "/counter", SessionShapes.DEFAULT);
        OpenResult result;
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL);
             OpenLoadDriver driver = new OpenLoadDriver(profile, cluster.endpoints())) {
            result = driver.run();
            assertThat(cluster.sessionsCreated()).isEqualTo(sessions);
        }
        assertThat(result.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(sessions, 0, 0));
        assertThat(result.responseVerdicts().ok()).isEqualTo(result.requests());
        assertThat(result.driverCost().availableCores()).isPositive();
    }
}
