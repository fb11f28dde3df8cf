package io.replsim.loadgen.anomaly;

import static io.replsim.loadgen.anomaly.AnomalyChecks.proofs;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Outcome;
import io.replsim.loadgen.history.Requests;
import java.util.List;
import org.junit.jupiter.api.Test;

class MonotonicReadsTest {

    private static final AnomalyKind NON_MONOTONIC = AnomalyKind.NON_MONOTONIC_READ;
    private static final HistoryRequest FIRST = Requests.of(1).user(1).append().at(10, 11).ok("node1", "s", 1);
    /** Acknowledged only at 50 ms: until then a read may or may not show it. */
    private static final HistoryRequest SLOW = Requests.of(2).user(1).tab(0).on("s").append().at(20, 50)
            .ok("node1", "s", 1, 2);

    @Test
    void aReadLackingAnElementAReadThatEndedBeforeItHeldIsNonMonotonic() {
        assertThat(proofs(NON_MONOTONIC, FIRST, SLOW,
                Requests.of(3).user(1).tab(1).on("s").at(25, 26).ok("node1", "s", 1, 2),
                Requests.of(4).user(1).tab(1).on("s").at(30, 31).ok("node2", "s", 1)))
                .containsExactly(List.of(3L, 4L));
    }

    @Test
    void readsThatOverlapMayShowAWriteInEitherOrder() {
        assertThat(proofs(NON_MONOTONIC, FIRST, SLOW,
                Requests.of(3).user(1).tab(1).on("s").at(25, 35).ok("node1", "s", 1, 2),
                Requests.of(4).user(1).tab(2).on("s").at(30, 31).ok("node2", "s", 1)))
                .isEmpty();
    }

    @Test
    void readsThatOnlyGrowAreMonotonic() {
        assertThat(proofs(NON_MONOTONIC, FIRST, SLOW,
                Requests.of(3).user(1).tab(1).on("s").at(25, 26).ok("node1", "s", 1, 2),
                Requests.of(4).user(1).tab(1).on("s").at(30, 31).ok("node2", "s", 1, 2)))
                .isEmpty();
    }

    @Test
    void theUsersOwnAcknowledgedWriteVanishingIsNamedOnceAsALostUpdate() {
        HistoryRequest[] history = {FIRST, Requests.of(2).user(1).on("s").append().at(20, 21).ok("node1", "s", 1, 2),
                Requests.of(3).user(1).on("s").at(30, 31).ok("node2", "s", 1)};

        assertThat(proofs(NON_MONOTONIC, history)).isEmpty();
        assertThat(proofs(AnomalyKind.LOST_UPDATE, history)).containsExactly(List.of(2L, 3L));
    }

    @Test
    void anElementCountsAgainOnlyOnceAReadShowsItAgain() {
        HistoryRequest unknown = Requests.of(2).user(1).on("s").append().at(20, 21).ended(Outcome.TIMEOUT);

        assertThat(proofs(NON_MONOTONIC, FIRST, unknown,
                Requests.of(3).user(1).on("s").at(30, 31).ok("node1", "s", 1, 2),
                Requests.of(4).user(1).on("s").at(40, 41).ok("node2", "s", 1),
                Requests.of(5).user(1).on("s").at(50, 51).ok("node2", "s", 1),
                Requests.of(6).user(1).on("s").at(60, 61).ok("node1", "s", 1, 2),
                Requests.of(7).user(1).on("s").at(70, 71).ok("node2", "s", 1)))
                .containsExactly(List.of(3L, 4L), List.of(6L, 7L));
    }
}
