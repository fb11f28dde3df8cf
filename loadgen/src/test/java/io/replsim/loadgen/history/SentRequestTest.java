package io.replsim.loadgen.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.check.CounterReply;
import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.exchange.Exchange;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How a request of the history is kept once it ended, whatever ended it (the driver's users record every one so). */
class SentRequestTest {
    private static final SentRequest APPEND = new SentRequest(7, 2, 1, Optional.of("s1"), new Operation.Append(7),
            1_000);

    @Test
    void aTwoHundredWithACounterReplyIsOkWithTheAnswersSessionAndList() {
        HistoryRequest ended = APPEND.ended(answered(200, Optional.of(new CounterReply("s1", 3, "node2", "d", false)),
                Optional.of(List.of(3L, 7L))), 2_000);

        assertThat(ended.outcome()).isEqualTo(Outcome.OK);
        assertThat(ended.node()).contains("node2");
        assertThat(ended.answer()).contains(new Answer("s1", Optional.of(List.of(3L, 7L)), false));
        assertThat(List.of(ended.id(), (long) ended.user(), (long) ended.tab(), ended.invokeMicros(),
                ended.completeMicros())).containsExactly(7L, 2L, 1L, 1_000L, 2_000L);
    }

    @Test
    void anyOtherStatusFailedFromItsNodeWithoutAnAnswer() {
        HistoryRequest ended = APPEND.ended(answered(503, Optional.empty(), Optional.empty()), 2_000);

        assertThat(ended.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(ended.node()).contains("node2");
        assertThat(ended.answer()).isEmpty();
    }

    @Test
    void aClientTimeoutIsATimeoutAndAnotherErrorFailedNeitherFromANode() {
        HistoryRequest timedOut = APPEND.ended(new Exchange.Failed(0, ErrorKind.TIMEOUT, "gave up"), 2_000);
        HistoryRequest reset = APPEND.ended(new Exchange.Failed(0, ErrorKind.IO, "reset").asResent(), 2_000);

        assertThat(timedOut.outcome()).isEqualTo(Outcome.TIMEOUT);
        assertThat(reset.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(reset.resent()).isTrue();
        assertThat(List.of(timedOut.node(), reset.node())).containsOnly(Optional.empty());
    }

    @Test
    void anEndReadBeforeTheSendIsTakenAsTheSend() {
        HistoryRequest ended = APPEND.ended(new Exchange.Failed(0, ErrorKind.IO, "reset"), 900);

        assertThat(ended.completeMicros()).isEqualTo(1_000);
    }

    private static Exchange answered(int status, Optional<CounterReply> reply, Optional<List<Long>> list) {
        return new Exchange.Answered(0, status, "node2", reply, Optional.empty(), false, false, list);
    }
}
