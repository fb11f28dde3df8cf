package io.replsim.scenario.report;

import io.replsim.loadgen.record.Failure;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.SessionId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The oracle of a fault that takes nodes away: which users' sessions had no copy left. A session lives on the node
 * serving its user (the balancer is sticky, and a node that serves a session owns it) and on the backups the
 * placement gives that owner in the view of the moment, computed with the replication engine's own placement, as
 * every node does. When the owner and every backup are among the fault's nodes, nothing is left to fail over to.
 *
 * <p>A double kill leaves a gap between the deaths: a user who tried again in it may have been failed over while
 * the last copy still lived (its new node fetched the session), but the answer can come after the death, since the
 * new node's own replication may wait for a dead buddy. So such a user is {@code undecided}: its session may or
 * may not be lost. So is a user whose backup outlived its owner in a view: a survivor that installed a view without
 * the owner but with the backup, before the backup died too, saw a cluster where the backup held the session and had
 * new buddies of its own, to which its rebalancing copies what it holds (a double kill 100 ms apart whose first death
 * was in a new view 55 ms later: a one-backup session served from a third node 1.2 s on). Users with a good answer
 * from another node before the last death are rescued; the others are {@code lost}.
 *
 * @param lost      users whose session had no copy left and who never tried again before the last copy died
 * @param undecided users whose session had no copy left but who tried again while the last copy lived
 */
public record UnreplicatedSessions(List<Integer> lost, List<Integer> undecided) {

    public UnreplicatedSessions {
        lost = List.copyOf(lost);
        undecided = List.copyOf(undecided);
    }

    /**
     * The users of the fault's nodes whose owner and backups all died; empty when no survivor recorded the view the
     * fault struck.
     *
     * @param allDownEpochMs when the last of the fault's nodes went down
     * @param viewHistories  the survivors' view histories
     */
    public static Optional<UnreplicatedSessions> of(FaultReport fault, long allDownEpochMs, Placement placement,
                                                    List<UserTimeline> timelines,
                                                    Map<String, List<NodeStatsReport.PastView>> viewHistories) {
        Optional<List<String>> members = viewAt(fault.epochMs(), viewHistories.values());
        if (members.isEmpty()) {
            return Optional.empty();
        }
        ClusterView view = new ClusterView("at the fault", members.get().stream().map(NodeId::new).toList());
        TreeSet<Integer> lost = new TreeSet<>();
        TreeSet<Integer> undecided = new TreeSet<>();
        for (UserTimeline timeline : timelines) {
            for (String node : fault.nodes()) {
                if (!FailoverAnalysis.servedBy(timeline, node, fault.epochMs())) {
                    continue;
                }
                // Placement is pure and ignores the session id for both kinds: any id gives the same backups.
                List<NodeId> backups = placement.backupsFor(new SessionId("user-" + timeline.user()), new NodeId(node),
                        view);
                if (!backups.stream().allMatch(backup -> fault.nodes().contains(backup.name()))) {
                    continue;
                }
                boolean rescued = FailoverAnalysis.firstGoodResponseElsewhere(timeline, List.of(node), fault.epochMs())
                        .filter(at -> at < allDownEpochMs).isPresent();
                if (rescued) {
                    continue;
                }
                boolean mayHaveMoved = triedInTheGap(timeline, fault.epochMs(), allDownEpochMs)
                        || backupOutlivedOwnerInAView(node, backups, fault.epochMs(), allDownEpochMs,
                                viewHistories.values());
                (mayHaveMoved ? undecided : lost).add(timeline.user());
            }
        }
        return Optional.of(new UnreplicatedSessions(new ArrayList<>(lost), new ArrayList<>(undecided)));
    }

    /**
     * Whether the user failed, or sent the request of a new node's first answer, between the first death and the
     * last one: the request's sending time counts, since the answer may come long after.
     */
    private static boolean triedInTheGap(UserTimeline timeline, long fromEpochMs, long toEpochMs) {
        return timeline.failures().stream().map(Failure::firstAtMs)
                .anyMatch(at -> at >= fromEpochMs && at < toEpochMs)
                || timeline.stints().stream().anyMatch(stint -> stint.firstSentAtMs() < toEpochMs
                        && stint.firstAtMs() >= fromEpochMs);
    }

    /**
     * Whether a survivor installed, from the first death and before the last, a view without {@code owner} but with
     * one of its {@code backups} (alive until the last death at the latest).
     */
    private static boolean backupOutlivedOwnerInAView(String owner, List<NodeId> backups, long fromEpochMs,
                                                      long toEpochMs,
                                                      Collection<List<NodeStatsReport.PastView>> histories) {
        return histories.stream().flatMap(List::stream)
                .filter(view -> view.installedAtEpochMs() >= fromEpochMs && view.installedAtEpochMs() < toEpochMs)
                .anyMatch(view -> !view.members().contains(owner)
                        && backups.stream().anyMatch(backup -> view.members().contains(backup.name())));
    }

    /** The members, in order, of the latest view any survivor installed at or before the fault. */
    private static Optional<List<String>> viewAt(long epochMs, Collection<List<NodeStatsReport.PastView>> histories) {
        NodeStatsReport.PastView latest = null;
        for (List<NodeStatsReport.PastView> history : histories) {
            for (NodeStatsReport.PastView view : history) {
                if (view.installedAtEpochMs() <= epochMs
                        && (latest == null || view.installedAtEpochMs() > latest.installedAtEpochMs())) {
                    latest = view;
                }
            }
        }
        return Optional.ofNullable(latest).map(view -> new ArrayList<>(view.members()));
    }
}
