package io.replsim.scenario.report;

import io.replsim.scenario.fault.FaultEvidence;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.record.Stint;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.replication.BuddyPools;
import io.replsim.replication.Placement;
import io.replsim.scenario.spec.Check;
import io.replsim.scenario.spec.FaultExpectation;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A fault's own expectations held against made-up figures; and the oracle of lost sessions on a 4-node view
 * [node1, node2, node3, node4] under BUDDIES(1), where node1's buddy is node2 and node2's is node3.
 */
class FaultExpectationEvaluationTest {
    private static final FaultEvidence READ_BACK = FaultEvidence.confirmed("read back in the test");

    private static final long AT = 1_700_000_020_000L;
    private static final Map<String, List<NodeStatsReport.PastView>> VIEWS = Map.of("node3", List.of(
            new NodeStatsReport.PastView("[node1|3]", List.of("node1", "node2", "node3", "node4"), AT - 10_000),
            new NodeStatsReport.PastView("[node3|4]", List.of("node3", "node4"), AT + 1_000)));

    private static FaultReport kill(List<String> nodes, long lost, List<Integer> lostUsers, Long viewChangeMs) {
        return new FaultReport("kill", String.join("+", nodes), nodes, "primary-of-most", "", 20_000, AT, null,
                viewChangeMs, null, List.of(), 4, 4, 0, 1_500L, 1_000L, 1_500L, null, READ_BACK)
                .withAttribution(new FaultAttribution(20_000, 30_000, lost, 0, lostUsers, List.of(), 3L));
    }

    /** User n is served by node n+1 until the fault. */
    private static List<UserTimeline> usersOnNodes() {
        return List.of(user(0, "node1"), user(1, "node2"), user(2, "node3"), user(3, "node4"));
    }

    private static UserTimeline user(int index, String node) {
        return new UserTimeline(index, List.of(new Stint(node, AT - 5_000, AT - 5_000, AT - 100)), List.of());
    }

    @Test
    void underOneBuddyOnlyTheSessionsOfAPrimaryWhoseBuddyDiedWithItHaveNoCopyLeft() {
        Placement buddies = new Placement.Buddies(1, BuddyPools.none());

        assertThat(UnreplicatedSessions.of(kill(List.of("node1", "node2"), 0, List.of(), null), AT + 500, buddies,
                usersOnNodes(), VIEWS)).contains(new UnreplicatedSessions(List.of(0), List.of()));
        assertThat(UnreplicatedSessions.of(kill(List.of("node1"), 0, List.of(), null), AT, buddies, usersOnNodes(),
                VIEWS)).contains(new UnreplicatedSessions(List.of(), List.of()));
        // with every member holding every session, two deaths out of four leave a copy of everything
        assertThat(UnreplicatedSessions.of(kill(List.of("node1", "node2"), 0, List.of(), null), AT + 500,
                new Placement.AllMembers(), usersOnNodes(), VIEWS))
                .contains(new UnreplicatedSessions(List.of(), List.of()));
    }

    @Test
    void aUserWhoTriedAgainBeforeTheBuddyDiedIsRescuedOrUndecided() {
        // user 0 (on node1) got a good answer from node4 200 ms after the first kill, while node2 still held its copy
        UserTimeline rescued = new UserTimeline(0, List.of(new Stint("node1", AT - 5_000, AT - 5_000, AT - 100),
                new Stint("node4", AT + 200, AT + 200, AT + 3_000)), List.of());
        // user 4 (on node1 too) was refused at +300 ms and answered by node4 only at +2.3 s: maybe fetched in time
        UserTimeline waited = new UserTimeline(4, List.of(new Stint("node1", AT - 5_000, AT - 5_000, AT - 100),
                new Stint("node4", AT + 2_300, AT + 2_300, AT + 3_000)),
                List.of(new io.replsim.loadgen.record.Failure("node1", io.replsim.loadgen.exchange.ErrorKind.CONNECT, AT + 300,
                        AT + 300, 1)));

        assertThat(UnreplicatedSessions.of(kill(List.of("node1", "node2"), 0, List.of(), null), AT + 500,
                new Placement.Buddies(1, BuddyPools.none()), List.of(rescued, waited), VIEWS))
                .contains(new UnreplicatedSessions(List.of(), List.of(4)));
    }

    @Test
    void aSessionWhoseBuddyOutlivedItsOwnerInAViewMayHaveBeenCopiedOnAndIsUndecided() {
        // node1 killed at AT, node2 (its buddy) 100 ms later; node3 installed [node2, node3, node4] 55 ms after the
        // first kill: node2 then held node1's sessions with node3 as its own buddy, and its rebalancing copied them
        Map<String, List<NodeStatsReport.PastView>> viewInTheGap = Map.of("node3", List.of(
                new NodeStatsReport.PastView("[node1|3]", List.of("node1", "node2", "node3", "node4"), AT - 10_000),
                new NodeStatsReport.PastView("[node2|4]", List.of("node2", "node3", "node4"), AT + 55),
                new NodeStatsReport.PastView("[node3|5]", List.of("node3", "node4"), AT + 1_000)));
        Map<String, List<NodeStatsReport.PastView>> viewAfterBoth = Map.of("node3", List.of(
                new NodeStatsReport.PastView("[node1|3]", List.of("node1", "node2", "node3", "node4"), AT - 10_000),
                new NodeStatsReport.PastView("[node2|4]", List.of("node2", "node3", "node4"), AT + 150),
                new NodeStatsReport.PastView("[node3|5]", List.of("node3", "node4"), AT + 1_000)));
        Placement buddies = new Placement.Buddies(1, BuddyPools.none());

        assertThat(UnreplicatedSessions.of(kill(List.of("node1", "node2"), 0, List.of(), null), AT + 100, buddies,
                usersOnNodes(), viewInTheGap)).contains(new UnreplicatedSessions(List.of(), List.of(0)));
        assertThat(UnreplicatedSessions.of(kill(List.of("node1", "node2"), 0, List.of(), null), AT + 100, buddies,
                usersOnNodes(), viewAfterBoth)).as("a view installed after the buddy died came too late to copy")
                .contains(new UnreplicatedSessions(List.of(0), List.of()));
    }

    @Test
    void theExactLossHoldsOnlyForExactlyTheUnreplicatedUsers() {
        FaultExpectation exact = new FaultExpectation.LostExactlyUnreplicated();
        var oracle = Optional.of(new UnreplicatedSessions(List.of(0), List.of(2)));

        CheckOutcome held = ExpectationEvaluator.hold(1, kill(List.of("node1", "node2"), 1, List.of(0), 900L),
                List.of(exact), () -> oracle).getFirst();
        CheckOutcome more = ExpectationEvaluator.hold(1, kill(List.of("node1", "node2"), 2, List.of(0, 1), 900L),
                List.of(exact), () -> oracle).getFirst();
        CheckOutcome fewer = ExpectationEvaluator.hold(1, kill(List.of("node1", "node2"), 0, List.of(), 900L),
                List.of(exact), () -> oracle).getFirst();

        assertThat(held.passed()).isTrue();
        assertThat(held.check()).isEqualTo("fault 2 (kill node1+node2): sessions lost in its window");
        assertThat(more.passed()).isFalse();
        assertThat(more.actual()).isEqualTo("2 (users 0, 1)");
        assertThat(fewer.passed()).isFalse();
        CheckOutcome undecidedLost = ExpectationEvaluator.hold(1, kill(List.of("node1", "node2"), 2, List.of(0, 2),
                900L), List.of(exact), () -> oracle).getFirst();
        assertThat(undecidedLost.passed()).as("an undecided user counts either way").isTrue();
    }

    @Test
    void countsAndReusedChecksAreHeldAgainstThisFaultAlone() {
        List<CheckOutcome> outcomes = ExpectationEvaluator.hold(0, kill(List.of("node1"), 1, List.of(0), 2_500L),
                List.of(new FaultExpectation.MaxLost(0), new FaultExpectation.MaxStale(0),
                        new FaultExpectation.Bound(new Check.MaxViewChange(Duration.ofSeconds(2))),
                        new FaultExpectation.Bound(new Check.MaxFailover(Duration.ofSeconds(3)))),
                Optional::empty);

        assertThat(outcomes).extracting(CheckOutcome::passed).containsExactly(false, true, false, true);
        assertThat(outcomes).extracting(CheckOutcome::check).containsExactly(
                "fault 1 (kill node1): sessions lost in its window", "fault 1 (kill node1): sessions stale in its window",
                "fault 1 (kill node1): time to new view", "fault 1 (kill node1): failover time");
        assertThat(outcomes.get(2).actual()).isEqualTo("2.50 s");
    }
}
