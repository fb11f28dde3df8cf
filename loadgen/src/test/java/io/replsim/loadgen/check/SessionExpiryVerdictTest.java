package io.replsim.loadgen.check;

import io.replsim.loadgen.check.state.CounterState;
import io.replsim.loadgen.check.state.ExpectedState;
import io.replsim.loadgen.check.state.ExpiryEvidence;
import io.replsim.loadgen.script.RequestType.SerialRule;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A session gone after the user was idle: EXPIRED when the node may have expired it (and, on nodes that say so, when
 * the node said it did), else LOST.
 */
class SessionExpiryVerdictTest {
    private static final ExpectedState STATE = new ExpectedState(new CounterState(0));
    private static final long T0 = 1_800_000_000_000L;

    private final ExpectedSession expiring = new ExpectedSession(STATE, Optional.of(Duration.ofSeconds(2)));

    private static CounterReply reply(String session, long serial, boolean created) {
        return new CounterReply(session, serial, "node1", STATE.digestAt(session, serial), created);
    }

    private static Verdict judge(ExpectedSession expected, CounterReply reply, long sentMs, long answeredMs) {
        return expected.judge(reply, SerialRule.ADVANCES, sentMs, answeredMs);
    }

    @Test
    void aNewSessionAfterAPauseLongerThanTheIntervalIsExpiredAndTheOldSessionCountsAsExpired() {
        assertThat(judge(expiring, reply("a", 1, true), T0, T0 + 5)).isEqualTo(Verdict.OK);
        assertThat(judge(expiring, reply("a", 2, false), T0 + 500, T0 + 505)).isEqualTo(Verdict.OK);

        // sent 2.5 s after the last judged send: the node may have expired it
        assertThat(judge(expiring, reply("b", 1, true), T0 + 3000, T0 + 3005)).isEqualTo(Verdict.EXPIRED);
        assertThat(judge(expiring, reply("b", 2, false), T0 + 3500, T0 + 3505)).isEqualTo(Verdict.OK);

        assertThat(expiring.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 0, 0, 0, 1));
        assertThat(expiring.responseVerdicts()).isEqualTo(new ResponseVerdictCounts(3, 0, 0, 0, 1));
        assertThat(expiring.distinctSessions()).isEqualTo(2);
    }

    @Test
    void aSessionGoneBeforeItsIntervalIsLost() {
        judge(expiring, reply("a", 1, true), T0, T0 + 5);
        // 1.5 s between the last send and this answer: no node expires a session that young
        assertThat(judge(expiring, reply("b", 1, true), T0 + 1400, T0 + 1500)).isEqualTo(Verdict.LOST);
        assertThat(expiring.sessionVerdicts().lost()).isEqualTo(1);
        assertThat(expiring.sessionVerdicts().expired()).isZero();
    }

    @Test
    void theBoundIsFromTheLastSendToThisAnswer() {
        judge(expiring, reply("a", 1, true), T0, T0 + 300);
        // the node touched it at the earliest at T0 and saw this request at the latest at T0 + 2001
        assertThat(judge(expiring, reply("b", 1, true), T0 + 1900, T0 + 2001)).isEqualTo(Verdict.EXPIRED);
    }

    @Test
    void withoutAnIntervalAGoneSessionIsAlwaysLost() {
        ExpectedSession forever = new ExpectedSession(STATE);
        judge(forever, reply("a", 1, true), T0, T0 + 5);
        assertThat(judge(forever, reply("b", 1, true), T0 + 60_000, T0 + 60_005)).isEqualTo(Verdict.LOST);
    }

    private final ExpectedSession toldByNode =
            new ExpectedSession(STATE, Optional.of(Duration.ofSeconds(2)), ExpiryEvidence.NODE_SAYS);

    private static Verdict judge(ExpectedSession expected, CounterReply reply, long sentMs, long answeredMs,
                                 boolean nodeSaysExpired) {
        return expected.judge(reply, SerialRule.ADVANCES, sentMs, answeredMs, nodeSaysExpired);
    }

    @Test
    void onNodesThatSayItANewSessionAfterALongPauseIsExpiredOnlyWithTheNodesWord() {
        judge(toldByNode, reply("a", 1, true), T0, T0 + 5, false);
        assertThat(judge(toldByNode, reply("b", 1, true), T0 + 3000, T0 + 3005, true)).isEqualTo(Verdict.EXPIRED);

        ExpectedSession silent = new ExpectedSession(STATE, Optional.of(Duration.ofSeconds(2)),
                ExpiryEvidence.NODE_SAYS);
        judge(silent, reply("a", 1, true), T0, T0 + 5, false);
        // as long a pause, but the node did not say it expired the session: it lost it
        assertThat(judge(silent, reply("b", 1, true), T0 + 3000, T0 + 3005, false)).isEqualTo(Verdict.LOST);
        assertThat(silent.sessionVerdicts().lost()).isEqualTo(1);
        assertThat(silent.sessionVerdicts().expired()).isZero();
    }

    @Test
    void aSessionTheNodeSaysExpiredBeforeItsIntervalIsLost() {
        judge(toldByNode, reply("a", 1, true), T0, T0 + 5, false);
        // the node's word after a 1.5 s pause on a 2 s interval: it expired the session too early
        assertThat(judge(toldByNode, reply("b", 1, true), T0 + 1400, T0 + 1500, true)).isEqualTo(Verdict.LOST);
        assertThat(toldByNode.sessionVerdicts().lost()).isEqualTo(1);
        assertThat(toldByNode.responseVerdicts().expired()).isZero();
    }

    @Test
    void byIdleTimeTheNodesWordIsNotNeeded() {
        judge(expiring, reply("a", 1, true), T0, T0 + 5);
        assertThat(judge(expiring, reply("b", 1, true), T0 + 3000, T0 + 3005, false)).isEqualTo(Verdict.EXPIRED);
    }

    @Test
    void aSessionStillThereAfterTheIntervalIsOk() {
        judge(expiring, reply("a", 1, true), T0, T0 + 5);
        assertThat(judge(expiring, reply("a", 2, false), T0 + 5000, T0 + 5005)).isEqualTo(Verdict.OK);
    }
}
