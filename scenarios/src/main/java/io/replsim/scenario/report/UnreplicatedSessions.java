package io.replsim.scenario.report;

import io.replsim.loadgen.UserTimeline;
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
 */
public final class UnreplicatedSessions {

    private UnreplicatedSessions() {
    }

    /**
     * The users (from 0) whose session's owner and backups were all among the fault's nodes; empty when no
     * survivor recorded the view the fault struck.
     *
     * @param viewHistories the survivors' view histories
     */
    public static Optional<List<Integer>> of(FaultReport fault, Placement placement, List<UserTimeline> timelines,
                                             Map<String, List<NodeStatsReport.PastView>> viewHistories) {
        Optional<List<String>> members = viewAt(fault.epochMs(), viewHistories.values());
        if (members.isEmpty()) {
            return Optional.empty();
        }
        ClusterView view = new ClusterView("at the fault", members.get().stream().map(NodeId::new).toList());
        TreeSet<Integer> users = new TreeSet<>();
        for (UserTimeline timeline : timelines) {
            for (String node : fault.nodes()) {
                if (!FailoverAnalysis.servedBy(timeline, node, fault.epochMs())) {
                    continue;
                }
                // Placement is pure and ignores the session id for both kinds: any id gives the same backups.
                List<NodeId> backups = placement.backupsFor(new SessionId("user-" + timeline.user()), new NodeId(node),
                        view);
                if (backups.stream().allMatch(backup -> fault.nodes().contains(backup.name()))) {
                    users.add(timeline.user());
                }
            }
        }
        return Optional.of(List.copyOf(users));
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
