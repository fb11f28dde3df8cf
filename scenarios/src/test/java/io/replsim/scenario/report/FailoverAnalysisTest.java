package io.replsim.scenario.report;

import io.replsim.scenario.fault.FaultEvidence;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.record.Stint;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.node.stats.NodeStatsReport.PastView;
import io.replsim.scenario.fault.FaultEvent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FailoverAnalysisTest {
    private static final FaultEvidence READ_BACK = FaultEvidence.confirmed("read back in the test");

    private static final long KILL = 1_000_000L;
    private static final FaultEvent KILL_NODE2 = new FaultEvent(FaultEvent.Phase.START, "kill", "node2",
            List.of("node2"), "primary-of-most", "", 20_000, KILL, READ_BACK);

    private static UserTimeline user(int id, Stint... stints) {
        return new UserTimeline(id, List.of(stints), List.of());
    }

    private static Map<String, List<PastView>> survivorsSawTheNewViewAfter(long node1Ms, long node3Ms) {
        Map<String, List<PastView>> views = new LinkedHashMap<>();
        views.put("node1", List.of(
                new PastView("[node1|2]", List.of("node1", "node2", "node3"), KILL - 10_000),
                new PastView("[node1|3]", List.of("node1", "node3"), KILL + node1Ms)));
        views.put("node3", List.of(
                new PastView("[node1|2]", List.of("node1", "node2", "node3"), KILL - 10_000),
                new PastView("[node1|3]", List.of("node1", "node3"), KILL + node3Ms)));
        return views;
    }

    private static final FaultEvent PARTITION_OF_NODE2 = new FaultEvent(FaultEvent.Phase.START, "partition", "node2",
            List.of("node2"), "isolate node2", "", 20_000, KILL, READ_BACK);

    private static FaultEvent healOfNode2After(long ms) {
        return new FaultEvent(FaultEvent.Phase.HEAL, "partition", "node2", List.of("node2"), "isolate node2", "",
                20_000 + ms, KILL + ms, READ_BACK);
    }

    @Test
    void onlyUsersServedByTheFailedNodeAtTheMomentOfTheFaultAreAffected() {
        List<UserTimeline> users = List.of(
                user(1, new Stint("node2", KILL - 5_000, KILL - 5_000, KILL - 100), new Stint("node1", KILL + 300, KILL + 300, KILL + 9_000)),
                user(2, new Stint("node1", KILL - 5_000, KILL - 5_000, KILL + 9_000)),
                // was on node2 earlier, had moved to node3 before the kill: not affected
                user(3, new Stint("node2", KILL - 9_000, KILL - 9_000, KILL - 8_000), new Stint("node3", KILL - 7_000, KILL - 7_000, KILL + 9_000)));

        FaultReport report = FailoverAnalysis.analyse(KILL_NODE2, Optional.empty(), users, survivorsSawTheNewViewAfter(900, 950), Set.of());

        assertThat(report.affectedUsers()).isEqualTo(1);
        assertThat(report.recoveredUsers()).isEqualTo(1);
        assertThat(report.failoverMs()).isEqualTo(300);
    }

    @Test
    void failoverTimeIsTheLastAffectedUsersFirstGoodResponseElsewhere() {
        List<UserTimeline> users = List.of(
                user(1, new Stint("node2", KILL - 5_000, KILL - 5_000, KILL - 100), new Stint("node1", KILL + 200, KILL + 200, KILL + 9_000)),
                // first answer elsewhere was not good (a stale one), the good one came later
                user(2, new Stint("node2", KILL - 5_000, KILL - 5_000, KILL - 50), new Stint("node3", KILL + 400, KILL + 1_400, KILL + 9_000)),
                user(3, new Stint("node2", KILL - 5_000, KILL - 5_000, KILL - 10), new Stint("node1", KILL + 800, KILL + 800, KILL + 9_000)));

        FaultReport report = FailoverAnalysis.analyse(KILL_NODE2, Optional.empty(), users, survivorsSawTheNewViewAfter(900, 950), Set.of());

        assertThat(report.affectedUsers()).isEqualTo(3);
        assertThat(report.failoverMs()).isEqualTo(1_400);
        assertThat(report.failoverMsP50()).isEqualTo(800);
    }

    @Test
    void eachAffectedUsersFailoverTimeIsTheDistributionTheFiguresComeFrom() {
        List<UserTimeline> users = List.of(
                user(1, new Stint("node2", KILL - 5_000, KILL - 5_000, KILL - 100), new Stint("node1", KILL + 200, KILL + 200, KILL + 9_000)),
                user(2, new Stint("node2", KILL - 5_000, KILL - 5_000, KILL - 50), new Stint("node3", KILL + 400, KILL + 1_400, KILL + 9_000)),
                user(3, new Stint("node2", KILL - 5_000, KILL - 5_000, KILL - 10), new Stint("node1", KILL + 800, KILL + 800, KILL + 9_000)),
                // never on node2: not affected, so not in the distribution
                user(4, new Stint("node1", KILL - 5_000, KILL - 5_000, KILL + 9_000)),
                // never served again: affected, but no time
                user(5, new Stint("node2", KILL - 5_000, KILL - 5_000, KILL - 50), new Stint("node3", KILL + 400, -1, KILL + 9_000)));

        List<Long> times = FailoverAnalysis.failoverTimes(KILL_NODE2, users);
        FaultReport report = FailoverAnalysis.analyse(KILL_NODE2, Optional.empty(), users.subList(0, 4),
                survivorsSawTheNewViewAfter(900, 950), Set.of());

        assertThat(times).containsExactly(200L, 800L, 1_400L);
        assertThat(times.getLast()).isEqualTo(report.failoverMs());
        assertThat(times.get(1)).isEqualTo(report.failoverMsP50());
    }

    @Test
    void aUserNeverServedAgainLeavesTheFailoverTimeUnknown() {
        List<UserTimeline> users = List.of(
                user(1, new Stint("node2", KILL - 5_000, KILL - 5_000, KILL - 100), new Stint("node1", KILL + 200, KILL + 200, KILL + 9_000)),
                user(2, new Stint("node2", KILL - 5_000, KILL - 5_000, KILL - 50), new Stint("node3", KILL + 400, -1, KILL + 9_000)));

        FaultReport report = FailoverAnalysis.analyse(KILL_NODE2, Optional.empty(), users, survivorsSawTheNewViewAfter(900, 950), Set.of());

        assertThat(report.affectedUsers()).isEqualTo(2);
        assertThat(report.recoveredUsers()).isEqualTo(1);
        assertThat(report.unrecoveredUsers()).isEqualTo(1);
        assertThat(report.failoverMs()).isNull();
    }

    @Test
    void viewChangeIsWhenTheLastSurvivorInstalledAViewWithoutTheNode() {
        FaultReport report = FailoverAnalysis.analyse(KILL_NODE2, Optional.empty(), List.of(), survivorsSawTheNewViewAfter(900, 1_250), Set.of());

        assertThat(report.viewChangeMs()).isEqualTo(1_250);
        assertThat(report.survivors()).extracting(FaultReport.SurvivorView::node, FaultReport.SurvivorView::viewChangeMs)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("node1", 900L),
                        org.assertj.core.groups.Tuple.tuple("node3", 1_250L));
    }

    @Test
    void aSurvivorThatNeverDroppedTheNodeLeavesTheViewChangeUnknown() {
        Map<String, List<PastView>> views = survivorsSawTheNewViewAfter(900, 950);
        views.put("node3", List.of(new PastView("[node1|2]", List.of("node1", "node2", "node3"), KILL - 10_000)));

        FaultReport report = FailoverAnalysis.analyse(KILL_NODE2, Optional.empty(), List.of(), views, Set.of());

        assertThat(report.viewChangeMs()).isNull();
        assertThat(report.survivors()).filteredOn(s -> s.node().equals("node3")).singleElement()
                .satisfies(s -> assertThat(s.viewChangeMs()).isNull());
    }

    @Test
    void usersTheCutOffNodeWentOnServingCountAsStayedNotAsNeverServed() {
        List<UserTimeline> users = List.of(
                user(1, new Stint("node2", KILL - 5_000, KILL - 5_000, KILL + 9_000)),
                user(2, new Stint("node2", KILL - 5_000, KILL - 5_000, KILL - 10), new Stint("node1", KILL + 800, KILL + 800, KILL + 9_000)));

        FaultReport report = FailoverAnalysis.analyse(PARTITION_OF_NODE2, Optional.empty(), users,
                survivorsSawTheNewViewAfter(900, 950), Set.of());

        assertThat(report.affectedUsers()).isEqualTo(2);
        assertThat(report.stayedUsers()).isEqualTo(1);
        assertThat(report.recoveredUsers()).isEqualTo(1);
        assertThat(report.unrecoveredUsers()).isZero();
        assertThat(report.failoverMs()).isEqualTo(800);
    }

    @Test
    void aHealedFaultsNodeBackInTheSurvivorsViewIsTimedFromTheFault() {
        FaultEvent pause = new FaultEvent(FaultEvent.Phase.START, "pause", "node2", List.of("node2"), "node2", "",
                20_000, KILL, READ_BACK);
        FaultEvent resume = new FaultEvent(FaultEvent.Phase.HEAL, "pause", "node2", List.of("node2"), "node2", "",
                28_000, KILL + 8_000, READ_BACK);
        Map<String, List<PastView>> views = survivorsSawTheNewViewAfter(3_000, 3_100);
        views.put("node2", List.of(new PastView("[node1|2]", List.of("node1", "node2", "node3"), KILL - 10_000)));
        views.put("node1", List.of(views.get("node1").get(0), views.get("node1").get(1),
                new PastView("[node1|5]", List.of("node1", "node3", "node2"), KILL + 13_000)));
        views.put("node3", List.of(views.get("node3").get(0), views.get("node3").get(1),
                new PastView("[node1|5]", List.of("node1", "node3", "node2"), KILL + 13_200)));

        FaultReport report = FailoverAnalysis.analyse(pause, Optional.of(resume), List.of(), views, Set.of());

        assertThat(report.survivors()).extracting(FaultReport.SurvivorView::node)
                .as("the paused node is no survivor of its own pause").containsExactly("node1", "node3");
        assertThat(report.viewChangeMs()).isEqualTo(3_100);
        assertThat(report.backInViewMs()).isEqualTo(13_200);
        assertThat(report.healedAtMs()).isEqualTo(28_000);
    }

    @Test
    void aRestartOfANodeAlreadyGoneIsTimedToItsReturnIntoTheView() {
        FaultEvent restart = new FaultEvent(FaultEvent.Phase.START, "restart", "node2", List.of("node2"), "node2", "",
                30_000, KILL + 10_000, READ_BACK);
        Map<String, List<PastView>> views = survivorsSawTheNewViewAfter(900, 950);
        views.put("node1", List.of(views.get("node1").get(1),
                new PastView("[node1|4]", List.of("node1", "node3", "node2"), KILL + 14_500)));
        views.put("node3", List.of(views.get("node3").get(1),
                new PastView("[node1|4]", List.of("node1", "node3", "node2"), KILL + 14_600)));

        FaultReport report = FailoverAnalysis.analyse(restart, Optional.empty(), List.of(), views, Set.of());

        assertThat(report.viewChangeMs()).as("no view without it came after the restart").isNull();
        assertThat(report.backInViewMs()).isEqualTo(4_600);
        assertThat(report.mergeSettledMs()).as("a rejoin is no merge: nothing to settle").isNull();
    }

    @Test
    void aRestartOfANodeAlreadyGoneIsNoDetectionEvenWhenTheNodeDiesAgainLater() {
        FaultEvent restart = new FaultEvent(FaultEvent.Phase.START, "restart", "node2", List.of("node2"), "node2", "",
                30_000, KILL + 10_000, READ_BACK);
        Map<String, List<PastView>> views = survivorsSawTheNewViewAfter(900, 950);
        // node2 rejoins at +14.5 s and is killed again: the view without it at +60 s is that later kill's
        views.put("node1", List.of(views.get("node1").get(1),
                new PastView("[node1|4]", List.of("node1", "node3", "node2"), KILL + 14_500),
                new PastView("[node1|5]", List.of("node1", "node3"), KILL + 60_000)));
        views.put("node3", List.of(views.get("node3").get(1),
                new PastView("[node1|4]", List.of("node1", "node3", "node2"), KILL + 14_600),
                new PastView("[node1|5]", List.of("node1", "node3"), KILL + 60_000)));

        FaultReport report = FailoverAnalysis.analyse(restart, Optional.empty(), List.of(), views, Set.of());

        assertThat(report.viewChangeMs()).isNull();
        assertThat(report.backInViewMs()).isEqualTo(4_600);
    }

    @Test
    void theMergeIsSettledWhenTheLastNodeTheCutOffOneIncludedStampedTheReturnView() {
        FaultEvent heal = healOfNode2After(8_000);
        Map<String, List<PastView>> views = survivorsSawTheNewViewAfter(3_000, 3_100);
        views.put("node1", List.of(views.get("node1").get(0), views.get("node1").get(1),
                new PastView("[node1|5]", List.of("node1", "node3", "node2"), KILL + 13_000, KILL + 13_040)));
        views.put("node3", List.of(views.get("node3").get(0), views.get("node3").get(1),
                new PastView("[node1|5]", List.of("node1", "node3", "node2"), KILL + 13_200, KILL + 13_210)));
        // the cut-off node settles last: until then it may serve the copy the merge replaces
        views.put("node2", List.of(new PastView("[node1|2]", List.of("node1", "node2", "node3"), KILL - 10_000),
                new PastView("[node2|3]", List.of("node2"), KILL + 3_000),
                new PastView("[node1|5]", List.of("node1", "node3", "node2"), KILL + 13_100, KILL + 13_260)));

        FaultReport settled = FailoverAnalysis.analyse(PARTITION_OF_NODE2, Optional.of(heal), List.of(), views,
                Set.of());

        assertThat(settled.backInViewMs()).isEqualTo(13_200);
        assertThat(settled.mergeSettledMs()).isEqualTo(13_260);

        // one node that installed the merge view without stamping it (another engine): not known
        views.put("node2", List.of(views.get("node2").get(0), views.get("node2").get(1),
                new PastView("[node1|5]", List.of("node1", "node3", "node2"), KILL + 13_100)));
        assertThat(FailoverAnalysis.analyse(PARTITION_OF_NODE2, Optional.of(heal), List.of(), views, Set.of())
                .mergeSettledMs()).isNull();
    }

    @Test
    void aSurvivorKilledInTheCutIsNotWaitedForTheReturnButOneStillRunningIs() {
        // node2 cut off; node1 left node2 out, was killed in the cut and never saw it again; node3 took node2 back
        FaultEvent heal = healOfNode2After(16_000);
        Map<String, List<PastView>> views = survivorsSawTheNewViewAfter(2_800, 2_900);
        views.put("node3", List.of(views.get("node3").get(0), views.get("node3").get(1),
                new PastView("[node3|6]", List.of("node3"), KILL + 16_500),
                new PastView("[node3|7]", List.of("node3", "node2"), KILL + 17_400, KILL + 17_600)));

        FaultReport report = FailoverAnalysis.analyse(PARTITION_OF_NODE2, Optional.of(heal), List.of(), views,
                Set.of("node1"));

        assertThat(report.viewChangeMs()).isEqualTo(2_900);
        assertThat(report.backInViewMs()).isEqualTo(17_400);
        assertThat(report.mergeSettledMs()).isEqualTo(17_600);
        // still running, node1 might yet have seen node2 again: the return is not known
        assertThat(FailoverAnalysis.analyse(PARTITION_OF_NODE2, Optional.of(heal), List.of(), views, Set.of())
                .backInViewMs()).isNull();
        // every survivor gone before the return: nothing to measure it by
        assertThat(FailoverAnalysis.analyse(PARTITION_OF_NODE2, Optional.of(heal), List.of(), Map.of("node1",
                views.get("node1")), Set.of("node1")).backInViewMs()).isNull();
    }
}
