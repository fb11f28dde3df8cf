package io.replsim.loadgen;

import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.profile.LoadProfile;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LoadProfileTest {

    private static final Duration S = Duration.ofSeconds(1);

    @Test
    void aSensibleProfileIsAccepted() {
        assertThat(new LoadProfile(10, Duration.ZERO, Duration.ZERO, S, S, "/counter").users()).isEqualTo(10);
    }

    @Test
    void badValuesAreRejectedNamingTheFieldAndWhatIsExpected() {
        assertThatThrownBy(() -> new LoadProfile(0, S, S, S, S, "/counter")).hasMessageContaining("users: got 0");
        assertThatThrownBy(() -> new LoadProfile(1, S, S, S, S, "/counter").withSessionLength(Duration.ZERO))
                .hasMessageContaining("sessionLength");
        assertThatThrownBy(() -> new LoadProfile(1, S.negated(), S, S, S, "/counter")).hasMessageContaining("thinkTime");
        assertThatThrownBy(() -> new LoadProfile(1, S, S.multipliedBy(2), S, S, "/counter"))
                .hasMessageContaining("rampUp").hasMessageContaining("at most the duration");
        assertThatThrownBy(() -> new LoadProfile(1, S, Duration.ZERO, Duration.ZERO, S, "/counter")).hasMessageContaining("duration");
        assertThatThrownBy(() -> new LoadProfile(1, S, S, S, Duration.ZERO, "/counter")).hasMessageContaining("requestTimeout");
        assertThatThrownBy(() -> new LoadProfile(1, S, S, S, S, "counter")).hasMessageContaining("starting with '/'");
    }

    @Test
    void nodeEndpointsResolveThePathAndRejectDottedNames() {
        assertThat(new NodeEndpoint("node1", URI.create("http://127.0.0.1:8080/")).resolve("/counter"))
                .isEqualTo(URI.create("http://127.0.0.1:8080/counter"));
        assertThatThrownBy(() -> new NodeEndpoint("node.1", URI.create("http://127.0.0.1:8080")))
                .hasMessageContaining("without dots");
        assertThatThrownBy(() -> new NodeEndpoint("node1", URI.create("/relative"))).hasMessageContaining("absolute");
    }
}
