package io.replsim.loadgen.anomaly;

import static io.replsim.loadgen.anomaly.AnomalyChecks.proofs;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Outcome;
import io.replsim.loadgen.history.Requests;
import java.util.List;
import org.junit.jupiter.api.Test;

class InvalidatedSessionsTest {

    private static final AnomalyKind ANSWERED = AnomalyKind.INVALIDATED_SESSION_ANSWERED;
    private static final HistoryRequest FIRST = Requests.of(1).user(1).append().at(10, 11).ok("node1", "s", 1);
    private static final HistoryRequest LOGOUT = Requests.of(2).user(1).tab(0).on("s").logout().at(20, 30)
            .ok("node1", "s");

    @Test
    void aLoggedOutSessionAnsweringWithItsOldStateIsProvedByTheLogoutAndThatAnswer() {
        assertThat(proofs(ANSWERED, FIRST, LOGOUT,
                Requests.of(3).user(1).tab(1).on("s").at(40, 41).ok("node2", "s", 1),
                Requests.of(4).user(1).tab(1).on("s").at(50, 51).ok("node2", "s", 1)))
                .containsExactly(List.of(2L, 3L));
    }

    @Test
    void anExpiredSessionAnsweringWithItsOldStateIsProvedByTheExpiryAnswerAndThatAnswer() {
        assertThat(proofs(ANSWERED, FIRST,
                Requests.of(2).user(1).tab(0).on("s").append().at(20, 21).expiredInto("node1", "t", 2),
                Requests.of(3).user(1).tab(1).on("s").at(40, 41).ok("node2", "s", 1)))
                .containsExactly(List.of(2L, 3L));
    }

    @Test
    void aLoggedOutSessionsCookieAnsweredWithANewSessionIsCorrect() {
        assertThat(proofs(ANSWERED, FIRST, LOGOUT,
                Requests.of(3).user(1).tab(1).on("s").append().at(40, 41).ok("node2", "t", 3)))
                .isEmpty();
    }

    @Test
    void aRequestSentBeforeTheLogoutEndedMayStillSeeTheOldState() {
        assertThat(proofs(ANSWERED, FIRST, LOGOUT,
                Requests.of(3).user(1).tab(1).on("s").at(25, 26).ok("node1", "s", 1)))
                .isEmpty();
    }

    @Test
    void aLogoutWhoseOutcomeIsUnknownInvalidatedNothingForSure() {
        assertThat(proofs(ANSWERED, FIRST,
                Requests.of(2).user(1).tab(0).on("s").logout().at(20, 30).ended(Outcome.TIMEOUT),
                Requests.of(3).user(1).tab(1).on("s").at(40, 41).ok("node2", "s", 1)))
                .isEmpty();
    }
}
