package io.replsim.loadgen.anomaly;

import static io.replsim.loadgen.anomaly.AnomalyChecks.proofs;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Requests;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReadYourWritesTest {

    private static final AnomalyKind RYW = AnomalyKind.READ_YOUR_WRITES_VIOLATED;
    private static final HistoryRequest FIRST = Requests.of(1).user(1).append().at(10, 11).ok("node1", "s", 1);
    private static final HistoryRequest SECOND = Requests.of(2).user(1).on("s").append().at(20, 21)
            .ok("node1", "s", 1, 2);

    @Test
    void aLaterReadLackingTheUsersAcknowledgedWriteViolatesItProvedByTheFirstSuchRead() {
        assertThat(proofs(RYW, FIRST, SECOND,
                Requests.of(3).user(1).on("s").at(30, 31).ok("node2", "s", 1),
                Requests.of(4).user(1).on("s").at(40, 41).ok("node2", "s", 1),
                Requests.of(5).user(1).on("s").at(50, 51).ok("node1", "s", 1, 2)))
                .containsExactly(List.of(2L, 3L));
    }

    @Test
    void laterReadsThatShowTheWriteViolateNothing() {
        assertThat(proofs(RYW, FIRST, SECOND,
                Requests.of(3).user(1).on("s").at(30, 31).ok("node2", "s", 1, 2)))
                .isEmpty();
    }

    @Test
    void aReadSentWhileTheWriteWasInFlightMayLackIt() {
        HistoryRequest slowWrite = Requests.of(2).user(1).tab(0).on("s").append().at(20, 40).ok("node1", "s", 1, 2);

        assertThat(proofs(RYW, FIRST, slowWrite,
                Requests.of(3).user(1).tab(1).on("s").at(30, 31).ok("node1", "s", 1),
                Requests.of(4).user(1).on("s").at(50, 51).ok("node1", "s", 1, 2)))
                .isEmpty();
    }

    @Test
    void aWriteEveryLaterReadLacksIsALostUpdateAndNotCountedTwice() {
        HistoryRequest[] history = {FIRST, SECOND, Requests.of(3).user(1).on("s").at(30, 31).ok("node2", "s", 1)};

        assertThat(proofs(RYW, history)).isEmpty();
        assertThat(proofs(AnomalyKind.LOST_UPDATE, history)).containsExactly(List.of(2L, 3L));
    }

    @Test
    void anotherUsersReadLackingTheWriteIsNotTheWritersViolation() {
        assertThat(proofs(RYW, FIRST, SECOND,
                Requests.of(3).user(2).on("s").at(30, 31).ok("node2", "s", 1),
                Requests.of(4).user(2).on("s").at(40, 41).ok("node1", "s", 1, 2)))
                .isEmpty();
    }
}
