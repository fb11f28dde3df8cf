package io.replsim.loadgen.anomaly;

import static io.replsim.loadgen.anomaly.AnomalyChecks.proofs;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Outcome;
import io.replsim.loadgen.history.Requests;
import java.util.List;
import org.junit.jupiter.api.Test;

class IndeterminateWritesTest {

    private static final AnomalyKind APPLIED = AnomalyKind.INDETERMINATE_WRITE_APPLIED;
    private static final HistoryRequest FIRST = Requests.of(1).user(1).append().at(10, 11).ok("node1", "s", 1);

    @Test
    void aTimedOutWriteALaterReadShowsWasAppliedProvedByTheFirstReadShowingIt() {
        assertThat(proofs(APPLIED, FIRST,
                Requests.of(2).user(1).on("s").append().at(20, 21).ended(Outcome.TIMEOUT),
                Requests.of(3).user(1).on("s").at(30, 31).ok("node1", "s", 1, 2),
                Requests.of(4).user(1).on("s").at(40, 41).ok("node1", "s", 1, 2)))
                .containsExactly(List.of(2L, 3L));
    }

    @Test
    void aFailedWriteALaterReadShowsWasApplied() {
        assertThat(proofs(APPLIED, FIRST,
                Requests.of(2).user(1).on("s").append().at(20, 21).ended(Outcome.FAILED),
                Requests.of(3).user(1).on("s").at(30, 31).ok("node1", "s", 1, 2)))
                .containsExactly(List.of(2L, 3L));
    }

    @Test
    void aFailedWriteNoReadShowsIsNotReported() {
        assertThat(proofs(APPLIED, FIRST,
                Requests.of(2).user(1).on("s").append().at(20, 21).ended(Outcome.FAILED),
                Requests.of(3).user(1).on("s").at(30, 31).ok("node1", "s", 1)))
                .isEmpty();
    }

    @Test
    void anAcknowledgedWriteIsNotIndeterminate() {
        assertThat(proofs(APPLIED, FIRST,
                Requests.of(2).user(1).on("s").append().at(20, 21).ok("node1", "s", 1, 2),
                Requests.of(3).user(1).on("s").at(30, 31).ok("node1", "s", 1, 2)))
                .isEmpty();
    }

    @Test
    void itIsLegal() {
        assertThat(APPLIED.legal()).isTrue();
        assertThat(List.of(AnomalyKind.values())).filteredOn(AnomalyKind::legal)
                .containsExactly(APPLIED, AnomalyKind.RESEND_APPLIED_TWICE);
    }
}
