package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The start's wait for one view ends with the words of whichever node died, not only the one it waits on. */
class ViewBarrierTest {

    @Test
    void aJoinerThatDiedEndsTheWaitOnTheFounderWithItsOwnWords() {
        // node1 is up but alone, as a founder is whose joiner never came; node2 exited while starting
        AdminClient alone = new AdminClient("node1",
                (method, path, body) -> "{\"status\":\"UP\",\"node\":\"node1\",\"members\":1}");
        ViewBarrier.Watch node2Died = new ViewBarrier.Watch() {
            @Override
            public Optional<String> deathNotice(String node) {
                return node.equals("node2") ? Optional.of("exited with code 4 while starting") : Optional.empty();
            }

            @Override
            public String logOf(String node) {
                return node + ".log";
            }
        };

        // No time to wait: the death is seen in the first look, before the deadline is asked about.
        assertThatThrownBy(() -> ViewBarrier.await(List.of("node1", "node2"), 2, Duration.ZERO, node -> alone,
                node2Died))
                .isInstanceOf(ClusterStartException.class)
                .hasMessage("node2 exited with code 4 while starting");
    }
}
