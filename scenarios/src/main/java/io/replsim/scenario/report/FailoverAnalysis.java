package io.replsim.scenario.report;

import io.replsim.loadgen.record.Stint;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.fault.FaultEvent;
import io.replsim.scenario.fault.FaultEvidence;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Works out a fault's figures after the run from what each side recorded on its own: the users' timelines
 * (which node served them, when the first good answer came) and the survivors' view histories. The load driver
 * never knew about the fault, so it cannot have bent the figures towards it.
 */
public final class FailoverAnalysis {

    private static final String RESTART = "restart";

    private FailoverAnalysis() {
    }

    /**
     * @param start the fault's start event
     * @param heal  its heal event, when it lasted and was healed, or its cut-short event when its node ended first
     *              (not a heal: no healedAtMs then), or its unfinished event when the load ended before it was
     *              done (what it was waiting for becomes the report's {@code unfinished})
     * @param viewHistories every node's views, over all its processes; the fault's own nodes are left out as survivors
     * @param endedEarly    the nodes whose last process ended before the run did (killed, stopped, crashed): a
     *                      survivor among them that never saw the fault's nodes back could not have, and the return
     *                      is not waited for on its account
     */
    public static FaultReport analyse(FaultEvent start, Optional<FaultEvent> heal, List<UserTimeline> timelines,
                                      Map<String, List<NodeStatsReport.PastView>> viewHistories,
                                      Set<String> endedEarly) {
        List<String> faulty = start.nodes();
        List<FaultReport.SurvivorView> survivors = new ArrayList<>();
        Long viewChangeMs = 0L;
        Long backInViewMs = 0L;
        int awaitingReturn = 0;
        Set<String> returnViews = new HashSet<>();
        Optional<List<String>> membersAtFault = membersAt(start.epochMs(), viewHistories);
        for (var entry : viewHistories.entrySet()) {
            if (faulty.contains(entry.getKey())) {
                continue;
            }
            // A node down when the fault struck (killed earlier, restarted later) survived nothing.
            if (membersAtFault.isPresent() && !membersAtFault.get().contains(entry.getKey())) {
                continue;
            }
            List<NodeStatsReport.PastView> after = entry.getValue().stream()
                    .filter(view -> view.installedAtEpochMs() >= start.epochMs()).toList();
            // A restart of a node already out of the view has nothing to detect: its next absence is another fault's.
            boolean alreadyGone = RESTART.equals(start.type()) && membersAtFault.isPresent()
                    && faulty.stream().noneMatch(membersAtFault.get()::contains);
            Optional<NodeStatsReport.PastView> firstWithout = alreadyGone ? Optional.empty() : after.stream()
                    .filter(view -> faulty.stream().noneMatch(view.members()::contains))
                    .findFirst();
            // A restarted node may have been gone before the restart: then its return needs no view without it first.
            long backFrom = firstWithout.map(NodeStatsReport.PastView::installedAtEpochMs)
                    .orElse(RESTART.equals(start.type()) ? start.epochMs() : Long.MAX_VALUE);
            Optional<NodeStatsReport.PastView> firstBack = after.stream()
                    .filter(view -> view.installedAtEpochMs() >= backFrom)
                    .filter(view -> view.members().containsAll(faulty))
                    .findFirst();
            firstBack.ifPresent(view -> returnViews.add(view.id()));
            Long ms = firstWithout.map(view -> view.installedAtEpochMs() - start.epochMs()).orElse(null);
            Long backMs = firstBack.map(view -> view.installedAtEpochMs() - start.epochMs()).orElse(null);
            survivors.add(new FaultReport.SurvivorView(entry.getKey(), ms,
                    firstWithout.map(NodeStatsReport.PastView::id).orElse(null), backMs));
            viewChangeMs = (viewChangeMs == null || ms == null) ? null : Math.max(viewChangeMs, ms);
            if (backMs != null || !endedEarly.contains(entry.getKey())) {
                awaitingReturn++;
                backInViewMs = (backInViewMs == null || backMs == null) ? null : Math.max(backInViewMs, backMs);
            }
        }
        if (survivors.isEmpty()) {
            viewChangeMs = null;
        }
        if (awaitingReturn == 0) {
            backInViewMs = null;
        }
        Long mergeSettledMs = backInViewMs == null ? null
                : mergeSettledMs(returnViews, viewHistories, start.epochMs());

        int affected = 0;
        int stayed = 0;
        List<Long> failoverTimes = new ArrayList<>();
        Map<String, Integer> movedTo = new HashMap<>();
        for (UserTimeline timeline : timelines) {
            if (!wasOn(timeline, start)) {
                continue;
            }
            affected++;
            Optional<Stint> elsewhere = firstGoodStintElsewhere(timeline, faulty, start.epochMs());
            if (elsewhere.isPresent()) {
                failoverTimes.add(elsewhere.get().firstOkAtMs() - start.epochMs());
                movedTo.merge(elsewhere.get().node(), 1, Integer::sum);
            } else if (keptBeingServed(timeline, faulty, start.epochMs())) {
                stayed++;
            }
        }
        failoverTimes.sort(null);
        Long failoverMs = failoverTimes.size() + stayed < affected ? null
                : failoverTimes.isEmpty() ? Long.valueOf(0) : failoverTimes.getLast();
        return new FaultReport(start.type(), start.node(), faulty, start.target(), start.detail(), start.atMs(),
                start.epochMs(), heal.filter(end -> end.phase() == FaultEvent.Phase.HEAL).map(FaultEvent::atMs)
                        .orElse(null), viewChangeMs, backInViewMs, mergeSettledMs,
                List.copyOf(survivors), affected, failoverTimes.size(), stayed, failoverMs, percentile(failoverTimes, 50),
                percentile(failoverTimes, 90), null, start.fault(), null, List.of(), movedTo,
                evidence(start, heal.filter(end -> end.phase() != FaultEvent.Phase.UNFINISHED)),
                heal.filter(end -> end.phase() == FaultEvent.Phase.UNFINISHED).map(FaultEvent::detail).orElse(null));
    }

    /**
     * From the fault to the moment the last node, the fault's own included, had settled the merge view that
     * brought the fault's nodes back ({@code returnViews}, the survivors' first views with them again): until then
     * a node may still serve the copy the merge replaces. Null when that view was no merge (a restart's rejoin) or
     * some node holding it never stamped it settled (an engine that does not settle merges itself).
     */
    private static Long mergeSettledMs(Set<String> returnViews, Map<String, List<NodeStatsReport.PastView>> histories,
                                       long faultEpochMs) {
        Long settled = null;
        for (List<NodeStatsReport.PastView> history : histories.values()) {
            for (NodeStatsReport.PastView view : history) {
                if (view.installedAtEpochMs() < faultEpochMs || !returnViews.contains(view.id())) {
                    continue;
                }
                if (view.settledAtEpochMs() == null) {
                    return null;
                }
                settled = Math.max(settled == null ? Long.MIN_VALUE : settled, view.settledAtEpochMs() - faultEpochMs);
            }
        }
        return settled;
    }

    /**
     * The time from the fault to the first good response on another node of each user its nodes were serving when
     * it struck, shortest first: the distribution whose p50, p90 and last {@link #analyse} reports. A user never
     * served elsewhere (or kept by the fault's node) has no time here.
     */
    public static List<Long> failoverTimes(FaultEvent start, List<UserTimeline> timelines) {
        List<Long> times = new ArrayList<>();
        for (UserTimeline timeline : timelines) {
            if (wasOn(timeline, start)) {
                firstGoodStintElsewhere(timeline, start.nodes(), start.epochMs())
                        .ifPresent(stint -> times.add(stint.firstOkAtMs() - start.epochMs()));
            }
        }
        times.sort(null);
        return times;
    }

    /** Whether one of the fault's nodes was serving the user when it struck. */
    static boolean wasOn(UserTimeline timeline, FaultEvent start) {
        return start.nodes().stream().anyMatch(node -> servedBy(timeline, node, start.epochMs()));
    }

    /**
     * What was read back right after the fault, and at its heal (or just before its node ended) for a lasting one:
     * confirmed when either shows it took effect.
     */
    private static FaultEvidence evidence(FaultEvent start, Optional<FaultEvent> end) {
        FaultEvidence after = new FaultEvidence(start.evidence().confirmed(), "right after it: "
                + start.evidence().seen());
        return end.map(later -> after.or(new FaultEvidence(later.evidence().confirmed(),
                (later.phase() == FaultEvent.Phase.HEAL ? "at its heal: " : "before its node ended: ")
                        + later.evidence().seen()))).orElse(after);
    }

    /** The members of the latest view any node installed at or before the moment. */
    private static Optional<List<String>> membersAt(long epochMs,
                                                    Map<String, List<NodeStatsReport.PastView>> viewHistories) {
        return viewHistories.values().stream().flatMap(List::stream)
                .filter(view -> view.installedAtEpochMs() <= epochMs)
                .max(java.util.Comparator.comparingLong(NodeStatsReport.PastView::installedAtEpochMs))
                .map(NodeStatsReport.PastView::members);
    }

    /** Nearest-rank percentile of sorted values; null when there are none. */
    static Long percentile(List<Long> sorted, int percentile) {
        if (sorted.isEmpty()) {
            return null;
        }
        int rank = (int) Math.ceil(percentile / 100.0 * sorted.size());
        return sorted.get(Math.max(0, rank - 1));
    }

    /** Whether the node was serving this user when the fault struck: its last stint begun before then. */
    static boolean servedBy(UserTimeline timeline, String node, long epochMs) {
        Stint current = null;
        for (Stint stint : timeline.stints()) {
            if (stint.firstAtMs() <= epochMs) {
                current = stint;
            }
        }
        return current != null && current.node().equals(node);
    }

    /**
     * Whether the fault's node went on answering this user, with a good response after the fault, and no other
     * node did: what a partition or a delay looks like to a user, since HTTP still reaches the node.
     */
    static boolean keptBeingServed(UserTimeline timeline, List<String> faultyNodes, long epochMs) {
        return timeline.stints().stream()
                .anyMatch(stint -> faultyNodes.contains(stint.node()) && stint.lastAtMs() > epochMs
                        && stint.firstOkAtMs() != Stint.NEVER);
    }

    static Optional<Long> firstGoodResponseElsewhere(UserTimeline timeline, List<String> failedNodes, long epochMs) {
        return firstGoodStintElsewhere(timeline, failedNodes, epochMs).map(Stint::firstOkAtMs);
    }

    /** The stint on another node whose first good response came first after the fault. */
    static Optional<Stint> firstGoodStintElsewhere(UserTimeline timeline, List<String> failedNodes, long epochMs) {
        return timeline.stints().stream()
                .filter(stint -> !failedNodes.contains(stint.node()))
                .filter(stint -> stint.firstOkAtMs() >= epochMs)
                .min(java.util.Comparator.comparingLong(Stint::firstOkAtMs));
    }
}
