package io.replsim.loadgen;

import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.route.Balancer;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LoadProfileTest {

    private static final Duration S = Duration.ofSeconds(1);

    @Test
    void aSensibleProfileIsAccepted() {
        assertThat(LoadProfile.builder("/counter").users(10).thinkTime(new ThinkTime.Fixed(Duration.ZERO)).duration(S)
                .requestTimeout(S).build().users()).isEqualTo(10);
    }

    @Test
    void badValuesAreRejectedNamingTheFieldAndWhatIsExpected() {
        assertThatThrownBy(() -> LoadProfile.builder("/counter").users(0).thinkTime(new ThinkTime.Fixed(S)).rampUp(S)
                .duration(S).requestTimeout(S).build()).hasMessageContaining("users: got 0");
        assertThatThrownBy(() -> LoadProfile.builder("/counter").users(1).thinkTime(new ThinkTime.Fixed(S)).rampUp(S)
                .duration(S).requestTimeout(S).sessionLength(Duration.ZERO).build())
                .hasMessageContaining("sessionLength");
        assertThatThrownBy(() -> new ThinkTime.Fixed(S.negated())).hasMessageContaining("pause");
        assertThatThrownBy(() -> LoadProfile.builder("/counter").users(1).duration(S).build())
                .hasMessageContaining("thinkTime");
        assertThatThrownBy(() -> LoadProfile.builder("/counter").users(1).thinkTime(new ThinkTime.Fixed(S))
                .rampUp(S.multipliedBy(2)).duration(S).requestTimeout(S).build())
                .hasMessageContaining("rampUp").hasMessageContaining("at most the duration");
        assertThatThrownBy(() -> LoadProfile.builder("/counter").users(1).thinkTime(new ThinkTime.Fixed(S))
                .duration(Duration.ZERO).requestTimeout(S).build()).hasMessageContaining("duration");
        assertThatThrownBy(() -> LoadProfile.builder("/counter").users(1).thinkTime(new ThinkTime.Fixed(S)).rampUp(S)
                .duration(S).requestTimeout(Duration.ZERO).build()).hasMessageContaining("requestTimeout");
        assertThatThrownBy(() -> LoadProfile.builder("counter").users(1).thinkTime(new ThinkTime.Fixed(S)).rampUp(S)
                .duration(S).requestTimeout(S).build()).hasMessageContaining("starting with '/'");
    }

    @Test
    void nodeEndpointsResolveThePathAndRejectDottedNames() {
        assertThat(new NodeEndpoint("node1", URI.create("http://127.0.0.1:8080/")).resolve("/counter"))
                .isEqualTo(URI.create("http://127.0.0.1:8080/counter"));
        assertThatThrownBy(() -> new NodeEndpoint("node.1", URI.create("http://127.0.0.1:8080")))
                .hasMessageContaining("without dots");
        assertThatThrownBy(() -> new NodeEndpoint("node1", URI.create("/relative"))).hasMessageContaining("absolute");
    }

    @Test
    void aBalancersRetryTimeoutMustBeShorterThanTheRequestTimeoutOnEitherRuntime() {
        Balancer retrying = Balancer.DEFAULT.retryingOnTimeout(S);
        assertThatThrownBy(() -> LoadProfile.builder("/counter").users(1).thinkTime(new ThinkTime.Fixed(S))
                .duration(S.multipliedBy(10)).requestTimeout(S).balancer(retrying).build())
                .hasMessageContaining("balancer.retryOnTimeout: got PT1S, expected less than the request timeout");
        for (UserCarrierKind runtime : UserCarrierKind.values()) {
            assertThatThrownBy(() -> LoadProfile.builder("/counter").users(1).thinkTime(new ThinkTime.Fixed(S))
                    .duration(S.multipliedBy(10)).requestTimeout(S).balancer(retrying).runtime(runtime).build())
                    .as(runtime.toString()).hasMessageContaining("expected less than the request timeout");
            assertThat(LoadProfile.builder("/counter").users(1).thinkTime(new ThinkTime.Fixed(S))
                    .duration(S.multipliedBy(10)).requestTimeout(S.multipliedBy(2)).balancer(retrying)
                    .runtime(runtime).build().balancer().retryOnTimeout()).as(runtime.toString()).contains(S);
        }
        assertThatThrownBy(() -> Balancer.DEFAULT.retryingOnTimeout(Duration.ZERO))
                .hasMessageContaining("retryOnTimeout: got PT0S, expected more than zero");
    }
}
