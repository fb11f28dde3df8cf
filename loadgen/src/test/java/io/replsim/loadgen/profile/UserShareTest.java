package io.replsim.loadgen.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalInt;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Agents' shares of a load's users: together every user once, each at its own index. */
class UserShareTest {

    @Test
    void threeAgentsSharesTogetherAreEveryUserOnce() {
        int[] together = IntStream.rangeClosed(1, 3)
                .flatMap(agent -> new UserShare(agent, 3).indices(10)).sorted().toArray();

        assertThat(together).containsExactly(IntStream.range(0, 10).toArray());
        assertThat(new UserShare(1, 3).indices(10)).containsExactly(0, 3, 6, 9);
        assertThat(new UserShare(1, 3).count(10)).isEqualTo(4);
        assertThat(new UserShare(3, 3).count(10)).isEqualTo(3);
        assertThat(new UserShare(3, 3).count(2)).isZero();
    }

    @Test
    void aUserIsFoundAtItsPlaceInItsAgentsShareAndNowhereElse() {
        assertThat(new UserShare(2, 3).positionOf(7)).isEqualTo(OptionalInt.of(2));
        assertThat(new UserShare(1, 3).positionOf(7)).isEmpty();
        assertThat(UserShare.WHOLE.positionOf(7)).isEqualTo(OptionalInt.of(7));
    }

    @Test
    void anAgentOutsideItsCountIsRefusedSayingWhatIsExpected() {
        assertThatThrownBy(() -> new UserShare(3, 2)).hasMessageContaining("agent 3/2")
                .hasMessageContaining("i from 1 to n");
        assertThatThrownBy(() -> new UserShare(0, 2)).hasMessageContaining("agent 0/2");
        assertThatThrownBy(() -> new UserShare(1, 0)).hasMessageContaining("n at least 1");
    }

    @Test
    void aLoadWithFewerUsersThanAgentsIsRefused() {
        assertThatThrownBy(() -> LoadProfile.builder("/counter").users(1)
                .thinkTime(new io.replsim.loadgen.think.ThinkTime.Fixed(java.time.Duration.ofMillis(5)))
                .duration(java.time.Duration.ofSeconds(1)).share(new UserShare(2, 2)).build())
                .hasMessageContaining("users: got 1 for agent 2/2");
    }
}
