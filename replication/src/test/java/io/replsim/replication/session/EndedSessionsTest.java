package io.replsim.replication.session;

import io.replsim.replication.SessionId;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class EndedSessionsTest {
    private final MutableClock clock = new MutableClock();
    private final EndedSessions ended = new EndedSessions(Duration.ofSeconds(60), clock);

    @Test
    void aReplicaAtOrBelowTheEndIsRecognisedAndANewerOneIsNot() {
        var id = new SessionId("a");
        ended.ended(id, 7);

        assertThat(ended.endedBy(id, 6)).isTrue();
        assertThat(ended.endedBy(id, 7)).isTrue();
        assertThat(ended.endedBy(id, 8)).isFalse();
        assertThat(ended.endedBy(new SessionId("b"), 1)).isFalse();
    }

    @Test
    void endsAreForgottenOnceOlderThanTheMemorySoTheSetStaysBoundedUnderSteadyLogouts() {
        for (int i = 0; i < 600; i++) {
            ended.ended(new SessionId("s" + i), 1);
            clock.advance(Duration.ofSeconds(1));
        }

        assertThat(ended.endedBy(new SessionId("s0"), 1)).isFalse();
        assertThat(ended.endedBy(new SessionId("s599"), 1)).isTrue();
        assertThat(ended.size()).isBetween(60, 61);
    }
}
