package io.replsim.scenario.report;

import io.replsim.loadgen.Stint;
import io.replsim.loadgen.UserTimeline;
import io.replsim.scenario.fault.FaultEvent;
import io.replsim.node.stats.NodeStatsReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Works out a fault's figures after the run from what each side recorded on its own: the users' timelines
 * (which node served them, when the first good answer came) and the survivors' view histories. The load driver
 * never knew about the fault, so it cannot have bent the figures towards it.
 */
public final class FailoverAnalysis {

    private FailoverAnalysis() {
    }

    public static FaultReport analyse(FaultEvent fault, List<UserTimeline> timelines,
                                      Map<String, List<NodeStatsReport.PastView>> survivorViewHistories) {
        List<FaultReport.SurvivorView> survivors = new ArrayList<>();
        Long viewChangeMs = 0L;
        for (var entry : survivorViewHistories.entrySet()) {
            Optional<NodeStatsReport.PastView> firstWithout = entry.getValue().stream()
                    .filter(view -> view.installedAtEpochMs() >= fault.epochMs())
                    .filter(view -> !view.members().contains(fault.node()))
                    .findFirst();
            Long ms = firstWithout.map(view -> view.installedAtEpochMs() - fault.epochMs()).orElse(null);
            survivors.add(new FaultReport.SurvivorView(entry.getKey(), ms, firstWithout.map(NodeStatsReport.PastView::id).orElse(null)));
            viewChangeMs = (viewChangeMs == null || ms == null) ? null : Math.max(viewChangeMs, ms);
        }
        if (survivors.isEmpty()) {
            viewChangeMs = null;
        }

        int affected = 0;
        List<Long> failoverTimes = new ArrayList<>();
        for (UserTimeline timeline : timelines) {
            if (!servedBy(timeline, fault.node(), fault.epochMs())) {
                continue;
            }
            affected++;
            firstGoodResponseElsewhere(timeline, fault.node(), fault.epochMs())
                    .ifPresent(at -> failoverTimes.add(at - fault.epochMs()));
        }
        failoverTimes.sort(null);
        Long failoverMs = failoverTimes.isEmpty() || failoverTimes.size() < affected ? null : failoverTimes.getLast();
        Long p50 = failoverTimes.isEmpty() ? null : failoverTimes.get((failoverTimes.size() - 1) / 2);
        return new FaultReport(fault.type(), fault.node(), fault.target(), fault.atMs(), fault.epochMs(), viewChangeMs,
                List.copyOf(survivors), affected, failoverTimes.size(), failoverMs, p50);
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

    static Optional<Long> firstGoodResponseElsewhere(UserTimeline timeline, String failedNode, long epochMs) {
        return timeline.stints().stream()
                .filter(stint -> !stint.node().equals(failedNode))
                .filter(stint -> stint.firstOkAtMs() >= epochMs)
                .map(Stint::firstOkAtMs)
                .min(Long::compare);
    }
}
