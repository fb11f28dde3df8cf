package io.replsim.loadgen.anomaly;

import static io.replsim.loadgen.anomaly.AnomalyChecks.proofs;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Requests;
import java.util.List;
import org.junit.jupiter.api.Test;

class LostUpdatesTest {

    private static final AnomalyKind LOST = AnomalyKind.LOST_UPDATE;
    private static final HistoryRequest FIRST = Requests.of(1).user(1).append().at(10, 11).ok("node1", "s", 1);
    private static final HistoryRequest SECOND = Requests.of(2).user(1).on("s").append().at(20, 21)
            .ok("node1", "s", 1, 2);

    @Test
    void anAcknowledgedWriteTheLastLaterReadLacksIsLostProvedByThatRead() {
        assertThat(proofs(LOST, FIRST, SECOND,
                Requests.of(3).user(1).on("s").at(30, 31).ok("node2", "s", 1),
                Requests.of(4).user(1).on("s").at(40, 41).ok("node2", "s", 1)))
                .containsExactly(List.of(2L, 4L));
    }

    @Test
    void aWriteReadOnceAfterItsAcknowledgementAndThenGoneIsLost() {
        // the acknowledged-then-lost write of a merge: one side read it, the merged session lacks it
        assertThat(proofs(LOST, FIRST, SECOND,
                Requests.of(3).user(1).on("s").at(30, 31).ok("node1", "s", 1, 2),
                Requests.of(4).user(1).on("s").at(40, 41).ok("node2", "s", 1)))
                .containsExactly(List.of(2L, 4L));
    }

    @Test
    void aWriteTheLastReadShowsIsNotLost() {
        assertThat(proofs(LOST, FIRST, SECOND,
                Requests.of(3).user(1).on("s").at(30, 31).ok("node2", "s", 1),
                Requests.of(4).user(1).on("s").at(40, 41).ok("node1", "s", 1, 2)))
                .isEmpty();
    }

    @Test
    void aReadSentBeforeTheWriteWasAcknowledgedDoesNotProveItLost() {
        HistoryRequest slowWrite = Requests.of(2).user(1).tab(0).on("s").append().at(20, 40).ok("node1", "s", 1, 2);
        HistoryRequest concurrentRead = Requests.of(3).user(1).tab(1).on("s").at(30, 31).ok("node1", "s", 1);

        assertThat(proofs(LOST, FIRST, slowWrite, concurrentRead)).isEmpty();
    }

    @Test
    void aWriteNoReadFollowedIsNotJudgedLost() {
        assertThat(proofs(LOST, FIRST, SECOND)).isEmpty();
    }

    @Test
    void theWritesOfASessionLoggedOutAreNotLost() {
        assertThat(proofs(LOST, FIRST, SECOND,
                Requests.of(3).user(1).on("s").logout().at(30, 31).ok("node1", "s"),
                Requests.of(4).user(1).tab(1).on("s").at(40, 41).ok("node1", "t")))
                .isEmpty();
    }

    @Test
    void aReadAnsweredByANewSessionLosesTheWritesOfTheSessionItSent() {
        assertThat(proofs(LOST, FIRST, SECOND, Requests.of(3).user(1).on("s").at(30, 31).ok("node2", "t")))
                .containsExactly(List.of(1L, 3L), List.of(2L, 3L));
    }
}
