package io.replsim.loadgen.anomaly;

import static io.replsim.loadgen.anomaly.AnomalyChecks.proofs;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Requests;
import java.util.List;
import org.junit.jupiter.api.Test;

class DuplicateWritesTest {

    private static final AnomalyKind TWICE = AnomalyKind.WRITE_APPLIED_TWICE;
    private static final HistoryRequest FIRST = Requests.of(1).user(1).append().at(10, 11).ok("node1", "s", 1);
    private static final HistoryRequest SECOND = Requests.of(2).user(1).on("s").append().at(20, 21)
            .ok("node1", "s", 1, 2);

    @Test
    void aListHoldingAnElementTwiceIsProvedByItsWriterAndTheFirstReadShowingItTwice() {
        assertThat(proofs(TWICE, FIRST, SECOND,
                Requests.of(3).user(1).on("s").at(30, 31).ok("node2", "s", 1, 2, 2),
                Requests.of(4).user(1).on("s").at(40, 41).ok("node2", "s", 1, 2, 2)))
                .containsExactly(List.of(2L, 3L));
    }

    @Test
    void aDuplicateOfAWriteItsClientSentOnceIsNotTakenForAResend() {
        assertThat(proofs(AnomalyKind.RESEND_APPLIED_TWICE, FIRST, SECOND,
                Requests.of(3).user(1).on("s").at(30, 31).ok("node2", "s", 1, 2, 2)))
                .isEmpty();
    }

    @Test
    void aDuplicateOfAWriteItsClientSentTwiceIsTheResendsNotTheClusters() {
        // the resend's own answer shows its element twice: the node applied both copies the client sent
        HistoryRequest resent = Requests.of(2).user(1).on("s").append().resent().at(20, 21).ok("node1", "s", 1, 2, 2);
        HistoryRequest[] history = {FIRST, resent, Requests.of(3).user(1).on("s").at(30, 31).ok("node2", "s", 1, 2, 2)};

        assertThat(proofs(AnomalyKind.RESEND_APPLIED_TWICE, history)).containsExactly(List.of(2L, 2L));
        assertThat(proofs(TWICE, history)).isEmpty();
        assertThat(AnomalyKind.RESEND_APPLIED_TWICE.legal()).isTrue();
    }

    @Test
    void aListHoldingEachElementOnceHasNoDuplicate() {
        assertThat(proofs(TWICE, FIRST, SECOND,
                Requests.of(3).user(1).on("s").at(30, 31).ok("node2", "s", 1, 2)))
                .isEmpty();
    }
}
