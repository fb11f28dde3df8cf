package io.replsim.loadgen.check;

import io.replsim.loadgen.check.state.CounterState;
import io.replsim.loadgen.check.state.ExpectedState;
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
    void aChangedDigestWithoutAStateModelIsCorruptAndTheNewDigestBecomesTheOneToKeep() {
        expected.judge(reply("a", 1, "d1", true));
        assertThat(expected.judge(reply("a", 2, "XX", false))).isEqualTo(Verdict.CORRUPT);
        assertThat(expected.judge(reply("a", 3, "XX", false))).as("judged against the new digest").isEqualTo(Verdict.OK);

        assertThat(expected.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(0, 0, 0, 1, 0));
        assertThat(expected.responseVerdicts()).isEqualTo(new ResponseVerdictCounts(2, 0, 0, 1));
        assertThat(expected.distinctSessions()).as("still the one session").isEqualTo(1);
    }

    // With the state model: every answer's digest must be that of the state the user wrote, at the serial shown.

    private static final CounterState COUNTER = new CounterState(64);

    private static String stateAt(String session, long serial) {
        return new ExpectedState(COUNTER).digestAt(session, serial);
    }

    private final ExpectedSession modelled = new ExpectedSession(new ExpectedState(COUNTER));

    @Test
    void answersWhoseStateIsWhatTheUserWroteAreOk() {
        assertThat(modelled.judge(reply("a", 1, stateAt("a", 1), true))).isEqualTo(Verdict.OK);
        assertThat(modelled.judge(reply("a", 2, stateAt("a", 2), false))).isEqualTo(Verdict.OK);
        assertThat(modelled.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 0));
    }

    @Test
    void aCurrentSerialWithAnotherStateIsCorruptAndTheSessionStaysTheUsersToJudgeOn() {
        modelled.judge(reply("a", 1, stateAt("a", 1), true));
        // serial 2 answered with a state that is not serial 2's (here: serial 1's): a change was missed
        assertThat(modelled.judge(reply("a", 2, stateAt("a", 1), false))).isEqualTo(Verdict.CORRUPT);
        assertThat(modelled.judge(reply("a", 3, stateAt("a", 2), false))).as("still wrong").isEqualTo(Verdict.CORRUPT);
        assertThat(modelled.judge(reply("a", 4, stateAt("a", 4), false))).as("whole again").isEqualTo(Verdict.OK);

        assertThat(modelled.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(0, 0, 0, 1, 0));
        assertThat(modelled.responseVerdicts()).isEqualTo(new ResponseVerdictCounts(2, 0, 0, 2));
    }

    @Test
    void aSerialThatWentBackIsStaleWhateverTheDigest() {
        modelled.judge(reply("a", 1, stateAt("a", 1), true));
        modelled.judge(reply("a", 2, stateAt("a", 2), false));
        assertThat(modelled.judge(reply("a", 2, stateAt("a", 2), false))).isEqualTo(Verdict.STALE);
        assertThat(modelled.judge(reply("a", 1, "0000000000000000", false))).isEqualTo(Verdict.STALE);
        assertThat(modelled.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(0, 1, 0));
    }

    @Test
    void aNewSessionMadeWithAnotherStateIsCorrupt() {
        assertThat(modelled.judge(reply("a", 1, stateAt("b", 1), true))).isEqualTo(Verdict.CORRUPT);
    }

    // FAILED: the node could not read the session, or it got nothing but server errors to its end.

    @Test
    void aSessionItsNodeCannotReadIsFailedAndCountsWithTheLostOnes() {
        modelled.judge(reply("a", 1, stateAt("a", 1), true));
        assertThat(modelled.answeredWithError(500, true)).contains(Verdict.FAILED);
        // even if a later answer is good, the user got an error for a session the node held and could not read
        modelled.judge(reply("a", 2, stateAt("a", 2), false));

        assertThat(modelled.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(0, 0, 0, 0, 1));
        assertThat(modelled.sessionVerdicts().countedAsLost()).isEqualTo(1);
    }

    @Test
    void aSessionAnsweredOnlyWithServerErrorsToTheEndOfTheRunIsFailed() {
        modelled.judge(reply("a", 1, stateAt("a", 1), true));
        assertThat(modelled.answeredWithError(503, false)).isEmpty();
        assertThat(modelled.answeredWithError(500, false)).isEmpty();
        modelled.unknownOutcome(); // a reset in between is no answer: still nothing but errors

        assertThat(modelled.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(0, 0, 0, 0, 1));
    }

    @Test
    void aServerErrorFollowedByAGoodAnswerLeavesTheSessionOk() {
        modelled.judge(reply("a", 1, stateAt("a", 1), true));
        modelled.answeredWithError(503, false);
        // the 503's request may have been applied: serial 3 is allowed
        assertThat(modelled.judge(reply("a", 3, stateAt("a", 3), false))).isEqualTo(Verdict.OK);
        assertThat(modelled.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 0));
    }

    @Test
    void aSessionEndedByALogoutAnsweredWithAServerErrorIsFailed() {
        modelled.judge(reply("a", 1, stateAt("a", 1), true));
        modelled.answeredWithError(503, false);
        modelled.ended();
        assertThat(modelled.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(0, 0, 0, 0, 1));
    }

    @Test
    void clientErrorsSayNothingAboutTheSession() {
        modelled.judge(reply("a", 1, stateAt("a", 1), true));
        assertThat(modelled.answeredWithError(404, true)).isEmpty();
        assertThat(modelled.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 0));
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

    // NEVER SERVED: a user's attempt at a session that got outcomes, but no answer to judge.

    @Test
    void aUserWhoseEveryAnswerIsAServerErrorIsNeverServedAndCountsWithTheLostOnes() {
        modelled.answeredWithError(503, false);
        modelled.answeredWithError(503, false);

        assertThat(modelled.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(0, 0, 0, 0, 0, 0, 1));
        assertThat(modelled.sessionVerdicts().total()).as("no session judged").isZero();
        assertThat(modelled.sessionVerdicts().countedAsLost()).isEqualTo(1);
    }

    @Test
    void aUserWhoseRequestsReachedNoNodeFailedOrGotClientErrorsIsNeverServed() {
        modelled.unreached();
        modelled.unknownOutcome();
        modelled.answeredWithError(404, false);

        assertThat(modelled.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(0, 0, 0, 0, 0, 0, 1));
    }

    @Test
    void anAttemptServedAfterItsErrorsIsJudgedNotNeverServed() {
        modelled.answeredWithError(503, false);
        modelled.unreached();
        // the 503's request may have made the session: its first judged answer may show serial 2
        assertThat(modelled.judge(reply("a", 2, stateAt("a", 2), true))).isEqualTo(Verdict.OK);

        assertThat(modelled.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 0));
    }

    @Test
    void eachVisitEndedWithoutAJudgedAnswerIsNeverServedApartFromTheServedOnes() {
        modelled.judge(reply("a", 1, stateAt("a", 1), true));
        modelled.ended(); // a served visit
        modelled.answeredWithError(503, false);
        modelled.ended(); // a visit of errors only
        modelled.unreached(); // the visit going on when the run ended: nothing served so far

        assertThat(modelled.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 0, 0, 0, 0, 2));
    }

    @Test
    void aSessionTheUserEndedCountsByItsVerdictsAndTheNextNewSessionIsNotALoss() {
        var expected = new ExpectedSession();
        expected.judge(reply("a", 1, "d1", true));
        expected.judge(reply("a", 2, "d1", false));

        expected.ended();

        assertThat(expected.judge(reply("b", 1, "d2", true))).isEqualTo(Verdict.OK);
        assertThat(expected.sessionVerdicts()).isEqualTo(new io.replsim.loadgen.check.SessionVerdictCounts(2, 0, 0));
        assertThat(expected.distinctSessions()).isEqualTo(2);
    }

    @Test
    void aSessionTheUserLoggedOutOfThatAnswersAgainGoesOnFromWhereTheUserLeftIt() {
        var expected = new ExpectedSession();
        expected.judge(reply("a", 1, "d1", true));
        expected.judge(reply("a", 2, "d1", false));
        expected.ended();

        // the logout left the cookie and the app ignored it: the session goes on, which is no fault of the cluster
        assertThat(expected.judge(reply("a", 3, "d1", false))).isEqualTo(Verdict.OK);
        expected.ended();
        // a node answered the ended session from an older copy: its state went back
        assertThat(expected.judge(reply("a", 2, "d1", false))).isEqualTo(Verdict.STALE);
        expected.ended();
        // a new session ends that: the id it left is not taken up again
        assertThat(expected.judge(reply("b", 1, "d2", true))).isEqualTo(Verdict.OK);
        assertThat(expected.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(3, 1, 0));
    }

    @Test
    void aLogoutThatFindsItsSessionLostCountsOneLostSessionAndNoStandIn() {
        var expected = new ExpectedSession();
        expected.judge(reply("a", 1, "d1", true));
        expected.judge(reply("a", 2, "d1", false));

        assertThat(expected.judge(reply("x", 1, "d9", true))).isEqualTo(Verdict.LOST);
        expected.ended();

        assertThat(expected.sessionVerdicts()).isEqualTo(new io.replsim.loadgen.check.SessionVerdictCounts(0, 0, 1));
        assertThat(expected.judge(reply("b", 1, "d2", true))).isEqualTo(Verdict.OK);
    }

    /**
     * Each session and attempt never served as its own outcome, the ones sessionVerdicts counts: a session lost on a
     * failover (the LOST answer counted for it, from the node that answered it), the new one, a visit of errors only.
     */
    @Test
    void eachSessionIsAnOutcomeWithItsVerdictItsNodesAndItsRequests() {
        modelled.judge(reply("a", 1, stateAt("a", 1), true));
        modelled.judge(new CounterReply("a", 2, "node2", stateAt("a", 2), false));
        modelled.unknownOutcome();
        modelled.judge(new CounterReply("b", 1, "node3", stateAt("b", 1), true));
        modelled.judge(new CounterReply("b", 2, "node3", stateAt("b", 2), false));
        modelled.ended();
        modelled.answeredWithError(503, false);
        modelled.unreached();

        assertThat(modelled.sessions()).containsExactly(
                new SessionOutcome("a", Verdict.LOST, java.util.List.of("node1", "node2", "node3"), 4),
                new SessionOutcome("b", Verdict.OK, java.util.List.of("node3"), 1),
                new SessionOutcome(null, null, java.util.List.of(), 2));
        assertThat(modelled.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 1, 0, 0, 0, 1));
    }
}
