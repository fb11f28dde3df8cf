package io.replsim.loadgen.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** When a marked request was sent: never after its answer arrived, and the arrival where it is not known. */
class VerdictMarkTest {

    @Test
    void aSendingBeforeTheArrivalIsKept() {
        assertThat(new VerdictMark("node1", "s", Verdict.STALE, 5_000, 3, null, 0, 4_200).sentAtMs()).isEqualTo(4_200);
    }

    @Test
    void aSendingAfterTheArrivalIsTakenAsTheArrival() {
        // a clock read out of order must not put the request's reading after its answer
        assertThat(new VerdictMark("node1", "s", Verdict.STALE, 5_000, 3, null, 0, 5_001).sentAtMs()).isEqualTo(5_000);
    }

    @Test
    void anUnknownSendingIsTakenAsTheArrival() {
        assertThat(new VerdictMark("node1", "s", Verdict.LOST, 5_000, 1, null, 0, 0).sentAtMs()).isEqualTo(5_000);
        assertThat(new VerdictMark("node1", "s", Verdict.LOST, 5_000, 1, null, 0).sentAtMs()).isEqualTo(5_000);
    }
}
