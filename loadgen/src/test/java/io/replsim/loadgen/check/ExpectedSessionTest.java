package io.replsim.loadgen.check;

import io.replsim.loadgen.ResponseVerdictCounts;
import io.replsim.loadgen.SessionVerdictCounts;
import io.replsim.loadgen.exchange.CounterReply;
import io.replsim.loadgen.script.RequestType.SerialRule;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ExpectedSessionTest {

    private final ExpectedSession expected = new ExpectedSession();

    private static CounterReply reply(String session, long serial, String digest, boolean created) {
        return new CounterReply(session, serial, "node1", digest, created);
    }

    @Test
    void theFirstResponseOfANewSessionAtSerialOneIsOk() {
        assertThat(expected.judge(reply("a", 1, "d1", true))).isEqualTo(Verdict.OK);
        assertThat(expected.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 0));
    }

    @Test
    void aReadMustShowTheLastSerialSeenAndALowerOneIsStale() {
        expected.judge(reply("a", 1, "d1", true));
        expected.judge(reply("a", 2, "d1", false));
        assertThat(expected.judge(reply("a", 2, "d1", false), SerialRule.UNCHANGED)).isEqualTo(Verdict.OK);
        assertThat(expected.judge(reply("a", 1, "d1", false), SerialRule.UNCHANGED)).isEqualTo(Verdict.STALE);
        // the same serial twice is stale for a write, which must move it on
        assertThat(expected.judge(reply("a", 1, "d1", false))).isEqualTo(Verdict.STALE);
        assertThat(expected.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(0, 1, 0));
    }

    @Test
    void aFreshSessionThatDoesNotStartAtOneIsNotOk() {
        assertThat(expected.judge(reply("a", 4, "d1", false))).isEqualTo(Verdict.STALE);
    }

    @Test
    void aSessionWhoseCreatingRequestHadAnUnknownOutcomeMayFirstShowSerialTwo() {
        // the creating request got a 503 (the node kept the session and issued its cookie): the next answer is 2
        expected.unknownOutcome();
        assertThat(expected.judge(reply("a", 2, "d1", false))).isEqualTo(Verdict.OK);
        assertThat(expected.judge(reply("a", 3, "d1", false))).isEqualTo(Verdict.OK);
        assertThat(expected.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 0));
    }

    @Test
    void unknownOutcomesAllowOnlyTheSerialsTheyMayHaveAdded() {
        expected.unknownOutcome();
        // one unknown request and this one: at most serial 2; 3 is history this user never made
        assertThat(expected.judge(reply("a", 3, "d1", false))).isEqualTo(Verdict.STALE);
    }

    @Test
    void serialsMovingForwardAreOkEvenWhenTheyJump() {
        expected.judge(reply("a", 1, "d1", true));
        assertThat(expected.judge(reply("a", 2, "d1", false))).isEqualTo(Verdict.OK);
        // a request whose answer was lost (timeout, 503) may have moved the serial on the server
        assertThat(expected.judge(reply("a", 4, "d1", false))).isEqualTo(Verdict.OK);
        assertThat(expected.responseVerdicts()).isEqualTo(new ResponseVerdictCounts(3, 0, 0, 0));
        assertThat(expected.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 0));
    }

    @Test
    void aSerialNotPastTheLastSeenIsStaleAndMarksTheSession() {
        expected.judge(reply("a", 1, "d1", true));
        expected.judge(reply("a", 2, "d1", false));
        assertThat(expected.judge(reply("a", 2, "d1", false))).isEqualTo(Verdict.STALE);
        assertThat(expected.judge(reply("a", 1, "d1", false))).isEqualTo(Verdict.STALE);
        assertThat(expected.judge(reply("a", 2, "d1", false))).as("forward from the stale state").isEqualTo(Verdict.OK);
        assertThat(expected.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(0, 1, 0));
        assertThat(expected.responseVerdicts()).isEqualTo(new ResponseVerdictCounts(3, 2, 0, 0));
    }

    @Test
    void aDifferentSessionIdIsLostAndTheUserGoesOnWithTheNewSession() {
        expected.judge(reply("a", 1, "d1", true));
        expected.judge(reply("a", 2, "d1", false));
        assertThat(expected.judge(reply("b", 1, "d2", true))).isEqualTo(Verdict.LOST);
        assertThat(expected.judge(reply("b", 2, "d2", false))).isEqualTo(Verdict.OK);

        assertThat(expected.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 1));
        assertThat(expected.responseVerdicts()).isEqualTo(new ResponseVerdictCounts(3, 0, 1, 0));
        assertThat(expected.distinctSessions()).isEqualTo(2);
    }

    @Test
    void aSessionRecreatedUnderTheSameIdIsLost() {
        expected.judge(reply("a", 1, "d1", true));
        expected.judge(reply("a", 2, "d1", false));
        assertThat(expected.judge(reply("a", 1, "d9", true))).isEqualTo(Verdict.LOST);
        assertThat(expected.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 1));
        assertThat(expected.distinctSessions()).isEqualTo(1);
    }

    @Test
    void aChangedDigestIsCorruptAndLosesTheSession() {
        expected.judge(reply("a", 1, "d1", true));
        assertThat(expected.judge(reply("a", 2, "XX", false))).isEqualTo(Verdict.CORRUPT);
        assertThat(expected.judge(reply("a", 3, "XX", false))).as("judged against the new digest").isEqualTo(Verdict.OK);

        assertThat(expected.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 1));
        assertThat(expected.responseVerdicts()).isEqualTo(new ResponseVerdictCounts(2, 0, 0, 1));
    }

    @Test
    void aSessionsVerdictIsItsWorstResponse() {
        expected.judge(reply("a", 1, "d1", true));
        expected.judge(reply("a", 1, "d1", false)); // stale
        expected.judge(reply("a", 2, "d1", false)); // ok again
        assertThat(expected.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(0, 1, 0));
        expected.judge(reply("b", 1, "d2", true)); // a lost: the stale session ends lost
        assertThat(expected.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 1));
    }

    @Test
    void noResponsesMeansNoSessions() {
        assertThat(expected.sessionVerdicts().total()).isZero();
        assertThat(expected.responseVerdicts().total()).isZero();
    }

    @Test
    void aSessionTheUserEndedCountsByItsVerdictsAndTheNextNewSessionIsNotALoss() {
        var expected = new ExpectedSession();
        expected.judge(reply("a", 1, "d1", true));
        expected.judge(reply("a", 2, "d1", false));

        expected.ended();

        assertThat(expected.judge(reply("b", 1, "d2", true))).isEqualTo(Verdict.OK);
        assertThat(expected.sessionVerdicts()).isEqualTo(new io.replsim.loadgen.SessionVerdictCounts(2, 0, 0));
        assertThat(expected.distinctSessions()).isEqualTo(2);
    }

    @Test
    void aLogoutThatFindsItsSessionLostCountsOneLostSessionAndNoStandIn() {
        var expected = new ExpectedSession();
        expected.judge(reply("a", 1, "d1", true));
        expected.judge(reply("a", 2, "d1", false));

        assertThat(expected.judge(reply("x", 1, "d9", true))).isEqualTo(Verdict.LOST);
        expected.ended();

        assertThat(expected.sessionVerdicts()).isEqualTo(new io.replsim.loadgen.SessionVerdictCounts(0, 0, 1));
        assertThat(expected.judge(reply("b", 1, "d2", true))).isEqualTo(Verdict.OK);
    }
}
