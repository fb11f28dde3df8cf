package io.replsim.scenario.report;

import io.replsim.scenario.fault.FaultEvidence;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.record.UserTimeline;
import io.replsim.loadgen.check.PriorAnswer;
import io.replsim.loadgen.check.VerdictMark;
import io.replsim.loadgen.check.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A made-up 60-second run with a kill at 20 s whose window ends at 30 s: every verdict placed by hand. */
class VerdictAttributionTest {
    private static final FaultEvidence READ_BACK = FaultEvidence.confirmed("read back in the test");

    private static final long START = 1_700_000_000_000L;

    private static FaultReport killAt20s() {
        return new FaultReport("kill", "node2", List.of("node2"), "node2", "", 20_000, START + 20_000, null, 1_000L,
                null, List.of(), 3, 3, 0, 2_000L, 1_000L, 2_000L, null, READ_BACK)
                .withImpact(new FaultImpact(20_000, 30_000, 0, null, null, null, null, null, null, null, 800, 0L, false,
                        List.of(), null, null, 0.6));
    }

    /** A partition at 20 s, back in every survivor's view 12 s later; every node settled the merge 60 ms after. */
    private static FaultReport partitionSettled32060Ms() {
        return new FaultReport("partition", "node1", List.of("node1"), "sides", "", 20_000, START + 20_000, 10_000L,
                3_000L, 12_000L, 12_060L, List.of(), 3, 0, 3, 0L, null, null, null, -1, null, List.of(), Map.of(),
                READ_BACK, null).withImpact(killAt20s().impact());
    }

    private static UserTimeline user(int index, VerdictMark... marks) {
        return new UserTimeline(index, List.of(), List.of(), List.of(marks));
    }

    private static VerdictMark mark(String session, Verdict verdict, long afterStartMs) {
        return new VerdictMark("node1", session, verdict, START + afterStartMs);
    }

    @Test
    void lostAndStaleSessionsInTheWindowArePutDownToTheFaultAndOnesOutsideAreNot() {
        List<UserTimeline> timelines = List.of(
                user(0, mark("a", Verdict.LOST, 21_000)),
                // two LOST responses of one session are one lost session; its STALE one does not count as well
                user(1, mark("b", Verdict.STALE, 20_500), mark("b", Verdict.LOST, 22_000),
                        mark("b", Verdict.LOST, 22_100)),
                user(2, mark("c", Verdict.STALE, 25_000), mark("c", Verdict.STALE, 26_000)),
                // a corrupt response loses its session too
                user(3, mark("d", Verdict.CORRUPT, 29_999)),
                // before the fault, and at the window's end (exclusive): someone else's doing
                user(4, mark("e", Verdict.LOST, 19_999), mark("f", Verdict.STALE, 30_000)));

        FaultAttribution attributed = new VerdictAttribution(START, Duration.ofSeconds(60), timelines, Map.of())
                .attribute(killAt20s());

        assertThat(attributed.windowFromMs()).isEqualTo(20_000);
        assertThat(attributed.windowToMs()).isEqualTo(30_000);
        assertThat(attributed.sessionsLost()).isEqualTo(3);
        assertThat(attributed.lostUsers()).containsExactly(0, 1, 3);
        assertThat(attributed.sessionsStale()).isEqualTo(1);
        assertThat(attributed.staleUsers()).containsExactly(2);
        assertThat(attributed.gravitations()).as("no node sampled").isNull();
    }

    @Test
    void theAnswersBehindTheCountsNameTheirNodeTimeAndTheAnswerTheyWereHeldToInTimeOrder() {
        List<UserTimeline> timelines = List.of(
                user(3, new VerdictMark("node1", "a", Verdict.STALE, START + 26_000, 17,
                        new PriorAnswer("node1", 18, START + 25_500), 0)),
                user(9, new VerdictMark("node3", "b", Verdict.LOST, START + 21_000, 1, null, 2),
                        // outside the window: not this fault's
                        new VerdictMark("node3", "b", Verdict.STALE, START + 31_000, 1, null, 0)));

        FaultAttribution attributed = new VerdictAttribution(START, Duration.ofSeconds(60), timelines, Map.of())
                .attribute(killAt20s());

        assertThat(attributed.answers()).containsExactly(
                new AttributedAnswer(9, "node3", "b", Verdict.LOST, 21_000, 1L, null, 2),
                new AttributedAnswer(3, "node1", "a", Verdict.STALE, 26_000, 17L,
                        new AttributedAnswer.Prior("node1", 18, 25_500), 0));
        assertThat(attributed.answersLeftOut()).isZero();
        assertThat(attributed.answers().get(1).describe())
                .isEqualTo("user 3: STALE from node1 at 26.00 s, serial 17; held to serial 18 from node1 at 25.50 s");
    }

    @Test
    void aStaleAnswerAfterTheMergeIsListedThoughPastTheWindowAndOtherAnswersThereAreNot() {
        // a partition at 20 s whose node was back in every survivor's view 12 s later, past the window's end at 30 s
        FaultReport partition = new FaultReport("partition", "node1", List.of("node1"), "sides", "", 20_000,
                START + 20_000, 10_000L, 3_000L, 12_000L, List.of(), 3, 0, 3, 0L, null, null, null, READ_BACK)
                .withImpact(killAt20s().impact());
        List<UserTimeline> timelines = List.of(
                user(3, new VerdictMark("node1", "a", Verdict.STALE, START + 33_000, 17,
                        new PriorAnswer("node1", 18, START + 32_500), 0)),
                user(4, new VerdictMark("node2", "b", Verdict.LOST, START + 33_000, 1, null, 0)),
                user(5, new VerdictMark("node2", "c", Verdict.STALE, START + 31_000, 4, null, 0)));

        FaultAttribution attributed = new VerdictAttribution(START, Duration.ofSeconds(60), timelines, Map.of())
                .attribute(partition);

        assertThat(attributed.staleAfterMerge()).isEqualTo(1);
        assertThat(attributed.answers()).extracting(AttributedAnswer::user, AttributedAnswer::node,
                AttributedAnswer::atMs).containsExactly(org.assertj.core.groups.Tuple.tuple(3, "node1", 33_000L));
        assertThat(attributed.sessionsStale()).as("the window's count stays the window's").isZero();
    }

    @Test
    void staleAnswersBeforeEveryNodeSettledTheMergeAreCountedApartFromThoseAfterIt() {
        FaultReport partition = partitionSettled32060Ms();
        List<UserTimeline> timelines = List.of(
                user(3, new VerdictMark("node1", "a", Verdict.STALE, START + 32_020, 17,
                        new PriorAnswer("node2", 18, START + 31_900), 0)),
                user(4, new VerdictMark("node2", "b", Verdict.STALE, START + 32_060, 9,
                        new PriorAnswer("node1", 10, START + 31_950), 0)),
                user(5, new VerdictMark("node3", "c", Verdict.STALE, START + 45_000, 4,
                        new PriorAnswer("node3", 5, START + 44_800), 0)));

        FaultAttribution attributed = new VerdictAttribution(START, Duration.ofSeconds(60), timelines, Map.of())
                .attribute(partition);

        assertThat(attributed.staleWhileMerging()).isEqualTo(1);
        assertThat(attributed.staleAfterMerge()).as("from the settling on, 32.06 s included").isEqualTo(2);
    }

    /**
     * PartitionMergeDrill in a fresh clone's slow tier (30 Nov 2026): user 7's answer from node1 arrived 44 ms after
     * every node had settled, STALE, to a request sent before it (p90 338 ms in those seconds): node1 may have read
     * its copy before it settled. It counts while merging, and says when it was sent.
     */
    @Test
    void aStaleAnswerToARequestSentBeforeEveryNodeSettledCountsWhileMergingThoughItArrivedAfter() {
        FaultReport partition = partitionSettled32060Ms();
        List<UserTimeline> timelines = List.of(
                user(7, new VerdictMark("node1", "a", Verdict.STALE, START + 32_110, 37,
                        new PriorAnswer("node2", 52, START + 31_700), 0, START + 31_890)),
                user(8, new VerdictMark("node1", "b", Verdict.STALE, START + 32_150, 12,
                        new PriorAnswer("node2", 13, START + 31_800), 0, START + 32_060)));

        FaultAttribution attributed = new VerdictAttribution(START, Duration.ofSeconds(60), timelines, Map.of())
                .attribute(partition);

        assertThat(attributed.staleWhileMerging()).as("sent at 31.89 s, before the settling").isEqualTo(1);
        assertThat(attributed.staleAfterMerge()).as("sent at 32.06 s, the settling included").isEqualTo(1);
        assertThat(attributed.answers().getFirst().describe()).isEqualTo("user 7: STALE from node1 at 32.11 s (sent"
                + " at 31.89 s), serial 37; held to serial 52 from node2 at 31.70 s");
    }

    @Test
    void theStaleAnswersAfterTheMergeAreKeptWhenTheWindowHasMoreThanCanBeShown() {
        FaultReport partition = new FaultReport("partition", "node1", List.of("node1"), "sides", "", 20_000,
                START + 20_000, 10_000L, 3_000L, 9_000L, List.of(), 3, 0, 3, 0L, null, null, null, READ_BACK)
                .withImpact(killAt20s().impact());
        VerdictMark[] marks = new VerdictMark[FaultAttribution.MAX_ANSWERS + 5];
        for (int i = 0; i < marks.length; i++) {
            marks[i] = new VerdictMark("node1", "s" + i, Verdict.STALE, START + 21_000 + i, 1, null, 0);
        }
        List<UserTimeline> timelines = List.of(user(0, marks), user(1, new VerdictMark("node2", "late",
                Verdict.STALE, START + 40_000, 3, new PriorAnswer("node1", 4, START + 39_000), 0)));

        FaultAttribution attributed = new VerdictAttribution(START, Duration.ofSeconds(60), timelines, Map.of())
                .attribute(partition);

        assertThat(attributed.staleAfterMerge()).isEqualTo(1);
        assertThat(attributed.answers()).hasSize(FaultAttribution.MAX_ANSWERS)
                .extracting(AttributedAnswer::session).contains("late");
        assertThat(attributed.answersLeftOut()).isEqualTo(6);
    }

    @Test
    void theAnswersAreBoundedKeepingTheFirstAndCountingTheRest() {
        VerdictMark[] marks = new VerdictMark[FaultAttribution.MAX_ANSWERS + 7];
        for (int i = 0; i < marks.length; i++) {
            marks[i] = new VerdictMark("node1", "s" + i, Verdict.LOST, START + 20_000 + i, 1, null, 0);
        }

        FaultAttribution attributed = new VerdictAttribution(START, Duration.ofSeconds(60), List.of(user(0, marks)),
                Map.of()).attribute(killAt20s());

        assertThat(attributed.answers()).hasSize(FaultAttribution.MAX_ANSWERS);
        assertThat(attributed.answers().getFirst().atMs()).isEqualTo(20_000);
        assertThat(attributed.answersLeftOut()).isEqualTo(7);
        assertThat(attributed.sessionsLost()).as("the counts still cover every answer").isEqualTo(marks.length);
    }

    @Test
    void gravitationsAreTheCountersGrowthOverTheWindowCountingARestartedProcessFromZero() {
        Map<String, List<NodeSample>> counters = Map.of(
                // 10 before the window, 25 at its end, 40 after it: 15 in the window
                "node1", List.of(new NodeSample(START + 19_000, 19_000, 10, -1),
                        new NodeSample(START + 25_000, 25_000, 20, -1), new NodeSample(START + 29_000, 29_000, 25, -1),
                        new NodeSample(START + 35_000, 35_000, 40, -1)),
                // killed at 20 s with 7 and restarted: the fresh process fetched 4
                "node2", List.of(new NodeSample(START + 19_000, 19_000, 7, -1),
                        new NodeSample(START + 28_000, 2_000, 4, -1)));

        FaultAttribution attributed = new VerdictAttribution(START, Duration.ofSeconds(60), List.of(), counters)
                .attribute(killAt20s());

        assertThat(attributed.gravitations()).isEqualTo(19);
    }
}
