package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.loadgen.profile.UserShare;
import java.time.Instant;
import java.time.InstantSource;
import org.junit.jupiter.api.Test;

/** When a load agent starts its load: at the common start, or refused when that passed too long ago. */
class LoadAgentTest {

    private static final Instant START = Instant.parse("2026-11-29T10:30:00Z");
    private final LoadAgent agent = new LoadAgent(new UserShare(2, 3), START, 7);

    @Test
    void anAgentTwoSecondsLateStartsAtOnce() throws InterruptedException {
        agent.awaitStart(InstantSource.fixed(START.plusSeconds(2)));
    }

    @Test
    void anAgentWhoseStartPassedMoreThanTwoSecondsAgoIsRefusedSayingWhatToDo() {
        assertThatThrownBy(() -> agent.awaitStart(InstantSource.fixed(START.plusMillis(2_001))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("agent 2/3: the common start 2026-11-29T10:30:00Z passed 2001 ms ago, before the cluster"
                        + " was ready; start the agents again with a --start-at further ahead");
    }

    @Test
    void anAgentsRunIsNamedForItsShare() {
        assertThat(agent.runName("agents")).isEqualTo("agents-agent2of3");
        assertThat(LoadAgent.seedOf(START)).isEqualTo((int) START.getEpochSecond());
    }
}
