package io.replsim.loadgen.record;

import io.replsim.loadgen.exchange.ErrorKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TimelineRecorderTest {

    private final TimelineRecorder recorder = new TimelineRecorder(7);

    @Test
    void consecutiveResponsesFromOneNodeAreOneStint() {
        recorder.answered("node1", 100, true);
        recorder.answered("node1", 200, true);
        recorder.answered("node1", 300, true);

        assertThat(recorder.timeline()).isEqualTo(new UserTimeline(7,
                java.util.List.of(new Stint("node1", 100, 100, 300)), java.util.List.of()));
    }

    @Test
    void aNodeChangeStartsANewStintAndFailuresBetweenAreKept() {
        recorder.answered("node1", 100, true);
        recorder.answered("node1", 200, true);
        recorder.failure("node1", ErrorKind.CONNECT, 250);
        recorder.answered("node2", 260, false);
        recorder.answered("node2", 300, true);
        recorder.answered("node1", 400, true);

        UserTimeline timeline = recorder.timeline();
        assertThat(timeline.stints()).containsExactly(
                new Stint("node1", 100, 100, 200),
                new Stint("node2", 260, 300, 300),
                new Stint("node1", 400, 400, 400));
        assertThat(timeline.failures()).containsExactly(new Failure("node1", ErrorKind.CONNECT, 250, 250, 1));
    }

    @Test
    void aStintWithoutAnOkResponseSaysSo() {
        recorder.answered("node1", 100, false);
        recorder.answeredWithError("node1", 150);
        assertThat(recorder.timeline().stints()).containsExactly(new Stint("node1", 100, Stint.NEVER, 150));
        assertThat(recorder.timeline().stints().getFirst().hadOk()).isFalse();
        assertThat(recorder.timeline().failures()).containsExactly(new Failure("node1", ErrorKind.HTTP_STATUS, 150, 150, 1));
    }

    @Test
    void repeatedFailuresOfOneKindOnOneNodeAreOneRunUntilAnAnswer() {
        recorder.failure("node1", ErrorKind.TIMEOUT, 100);
        recorder.failure("node1", ErrorKind.TIMEOUT, 200);
        recorder.failure("node1", ErrorKind.TIMEOUT, 300);
        recorder.failure("node2", ErrorKind.TIMEOUT, 400);
        recorder.failure(null, ErrorKind.CONNECT, 450);
        recorder.answered("node3", 500, true);
        recorder.failure("node3", ErrorKind.IO, 600);

        assertThat(recorder.timeline().failures()).containsExactly(
                new Failure("node1", ErrorKind.TIMEOUT, 100, 300, 3),
                new Failure("node2", ErrorKind.TIMEOUT, 400, 400, 1),
                new Failure(null, ErrorKind.CONNECT, 450, 450, 1),
                new Failure("node3", ErrorKind.IO, 600, 600, 1));
    }

    @Test
    void memoryGrowsWithStintsNotRequests() {
        for (int i = 0; i < 100_000; i++) {
            recorder.answered(i < 50_000 ? "node1" : "node2", i, true);
        }
        assertThat(recorder.timeline().stints()).hasSize(2);
    }

    @Test
    void staleAndLostResponsesAreTimeStampedWithTheirNodeAndSessionAndOkOnesAreNot() {
        recorder.judged("node1", "s1", io.replsim.loadgen.check.Verdict.OK, 100);
        recorder.judged("node2", "s1", io.replsim.loadgen.check.Verdict.STALE, 200);
        recorder.judged("node2", "s1", io.replsim.loadgen.check.Verdict.LOST, 300);

        assertThat(recorder.timeline().marks()).containsExactly(
                new io.replsim.loadgen.check.VerdictMark("node2", "s1", io.replsim.loadgen.check.Verdict.STALE, 200),
                new io.replsim.loadgen.check.VerdictMark("node2", "s1", io.replsim.loadgen.check.Verdict.LOST, 300));
    }

    @Test
    void aStaleMarkNamesTheAnswerItWasHeldToAndTheUnansweredRequestsBetween() {
        recorder.judged("node1", "s1", io.replsim.loadgen.check.Verdict.OK, 100, 17);
        recorder.answeredWithError("node1", 150);
        recorder.failure("node1", io.replsim.loadgen.exchange.ErrorKind.CONNECT, 160);
        recorder.failure("node1", io.replsim.loadgen.exchange.ErrorKind.TIMEOUT, 170);
        recorder.judged("node1", "s1", io.replsim.loadgen.check.Verdict.OK, 200, 19);
        recorder.judged("node2", "s1", io.replsim.loadgen.check.Verdict.STALE, 300, 18);
        // the stale answer is what the next one is held to, as the user's expectations take it
        recorder.judged("node2", "s1", io.replsim.loadgen.check.Verdict.STALE, 400, 17);

        assertThat(recorder.timeline().marks()).containsExactly(
                new io.replsim.loadgen.check.VerdictMark("node2", "s1", io.replsim.loadgen.check.Verdict.STALE, 300,
                        18, new io.replsim.loadgen.check.PriorAnswer("node1", 19, 200), 0),
                new io.replsim.loadgen.check.VerdictMark("node2", "s1", io.replsim.loadgen.check.Verdict.STALE, 400,
                        17, new io.replsim.loadgen.check.PriorAnswer("node2", 18, 300), 0));
    }

    @Test
    void theUnansweredRequestsBeforeAMarkAreCountedAndARefusedConnectionIsNot() {
        recorder.judged("node1", "s1", io.replsim.loadgen.check.Verdict.OK, 100, 17);
        recorder.answeredWithError("node1", 150);
        recorder.failure("node1", io.replsim.loadgen.exchange.ErrorKind.CONNECT, 160);
        recorder.failure("node1", io.replsim.loadgen.exchange.ErrorKind.TIMEOUT, 170);
        recorder.judged("node1", "s1", io.replsim.loadgen.check.Verdict.STALE, 200, 16);

        assertThat(recorder.timeline().marks()).singleElement().satisfies(mark -> {
            assertThat(mark.unanswered()).isEqualTo(2);
            assertThat(mark.prior()).isEqualTo(new io.replsim.loadgen.check.PriorAnswer("node1", 17, 100));
        });
    }

    @Test
    void aMarkOnAnotherSessionThanTheLastAnswersHasNoPrior() {
        recorder.judged("node1", "s1", io.replsim.loadgen.check.Verdict.OK, 100, 5);
        // the user lost s1: what it is given next is judged on its own
        recorder.judged("node2", "s1", io.replsim.loadgen.check.Verdict.LOST, 200, 1);
        recorder.judged("node2", "s2", io.replsim.loadgen.check.Verdict.STALE, 300, 7);

        assertThat(recorder.timeline().marks()).extracting(io.replsim.loadgen.check.VerdictMark::prior)
                .containsExactly(new io.replsim.loadgen.check.PriorAnswer("node1", 5, 100), null);
    }

    @Test
    void marksStopAtTheCapKeepingTheFirstOnes() {
        for (int i = 0; i < UserTimeline.MAX_MARKS + 5; i++) {
            recorder.judged("node1", "s" + i, io.replsim.loadgen.check.Verdict.LOST, i);
        }

        assertThat(recorder.timeline().marks()).hasSize(UserTimeline.MAX_MARKS);
        assertThat(recorder.timeline().marks().getLast().atMs()).isEqualTo(UserTimeline.MAX_MARKS - 1);
    }

    @Test
    void theServingNodeIsTheOneOfTheLatestResponse() {
        assertThat(recorder.servingNode()).isEmpty();
        recorder.answered("node1", 100, true);
        recorder.answeredWithError("node2", 200);

        assertThat(recorder.servingNode()).contains("node2");
    }

    @Test
    void aStintKeepsWhenItsFirstRequestWasSentApartFromWhenItsAnswerCame() {
        recorder.answered("node1", 100, true);
        recorder.answered("node2", 150, 900, true);
        recorder.answered("node2", 1_000, 1_010, true);

        assertThat(recorder.timeline().stints()).containsExactly(new Stint("node1", 100, 100, 100, 100),
                new Stint("node2", 900, 900, 1_010, 150));
    }
}
