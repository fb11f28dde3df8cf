package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.route.Balancer;
import io.replsim.loadgen.route.FailoverChoice;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The {@code balancer} section reaches the driver's profile; its mistakes are reported at their paths. */
class BalancerSpecTest {

    private static final String HEAD = """
            name: x
            cluster: {nodes: 3}
            load: {users: 1, thinkTime: 1s, duration: 10s}
            """;

    private static Balancer balancerOf(String section) throws SpecException {
        return ScenarioLoader.parse(HEAD + section, Scenarios.SOURCE).load().toProfile("/counter").balancer();
    }

    @Test
    void theDefaultIsStickyWithADeadNodesUsersSpread() throws Exception {
        assertThat(balancerOf("")).isEqualTo(new Balancer(true, FailoverChoice.SPREAD));
    }

    @Test
    void theFileChoosesStickinessAndFailover() throws Exception {
        assertThat(balancerOf("balancer: {failover: next}\n")).isEqualTo(new Balancer(true, FailoverChoice.NEXT));
        assertThat(balancerOf("balancer: {sticky: false}\n")).isEqualTo(new Balancer(false, FailoverChoice.SPREAD));
    }

    @Test
    void mistakesAreReportedAtTheirPaths() {
        assertThat(problemsOf(HEAD + "balancer: {sticky: sometimes, failover: random}\n"))
                .extracting(SpecProblem::path).containsExactlyInAnyOrder("balancer.sticky", "balancer.failover");
        assertThat(problemsOf(HEAD + "balancer: {sticky: false, failover: next}\n")).singleElement()
                .satisfies(problem -> {
                    assertThat(problem.path()).isEqualTo("balancer.failover");
                    assertThat(problem.expected()).contains("no failover with sticky: false");
                });
    }

    @Test
    void theFileSetsTheRetryOnTimeout() throws Exception {
        assertThat(balancerOf("balancer: {retryOnTimeout: 1s}\n")).isEqualTo(new Balancer(true,
                FailoverChoice.SPREAD, Optional.of(Duration.ofSeconds(1))));
        assertThat(balancerOf("").retryOnTimeout()).isEmpty();
    }

    @Test
    void aRetryOnTimeoutNotShorterThanTheRequestTimeoutIsRefused() throws Exception {
        String head = HEAD.replace("duration: 10s", "duration: 10s, requestTimeout: 2s");
        assertThat(problemsOf(head + "balancer: {retryOnTimeout: 2s}\n")).singleElement().satisfies(problem -> {
            assertThat(problem.path()).isEqualTo("balancer.retryOnTimeout");
            assertThat(problem.expected()).contains("shorter than load.requestTimeout (2s)");
        });
        assertThat(ScenarioLoader.parse(head + "balancer: {retryOnTimeout: 1999ms}\n", Scenarios.SOURCE).load()
                .toProfile("/counter").balancer().retryOnTimeout()).contains(Duration.ofMillis(1999));
    }

    @Test
    void aRetryOnTimeoutOfNothingIsRefused() {
        assertThat(problemsOf(HEAD + "balancer: {retryOnTimeout: 0s}\n")).singleElement()
                .satisfies(problem -> assertThat(problem.path()).isEqualTo("balancer.retryOnTimeout"));
    }

    @Test
    void theEventLoopsTakeARetryOnTimeout() throws Exception {
        String eventLoops = HEAD.replace("duration: 10s", "duration: 10s, runtime: event-loop");
        LoadProfile profile = ScenarioLoader.parse(eventLoops + "balancer: {retryOnTimeout: 1s}\n", Scenarios.SOURCE)
                .load().toProfile("/counter");
        assertThat(profile.runtime()).isEqualTo(UserCarrierKind.EVENT_LOOP);
        assertThat(profile.balancer().retryOnTimeout()).contains(Duration.ofSeconds(1));
    }

    @Test
    void theOpenModelRefusesABalancer() {
        assertThat(problemsOf("""
                name: x
                cluster: {nodes: 3}
                load: {model: open, rate: 10, duration: 10s}
                balancer: {failover: next}
                """)).extracting(SpecProblem::path).containsExactly("balancer");
    }
}
