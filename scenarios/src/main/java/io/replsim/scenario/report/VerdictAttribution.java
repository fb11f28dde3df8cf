package io.replsim.scenario.report;

import io.replsim.loadgen.record.UserTimeline;
import io.replsim.loadgen.check.Verdict;
import io.replsim.loadgen.check.VerdictMark;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Puts the users' STALE and LOST responses and the nodes' gravitations down to the fault whose window they fall
 * in. Both sides recorded on their own, with time stamps: the driver never knew of the fault.
 */
public final class VerdictAttribution {

    private final long loadStartEpochMs;
    private final Duration loadDuration;
    private final List<UserTimeline> timelines;
    private final Map<String, List<NodeSample>> counters;

    /** {@code counters}: every node's readings, oldest first. */
    public VerdictAttribution(long loadStartEpochMs, Duration loadDuration, List<UserTimeline> timelines,
                              Map<String, List<NodeSample>> counters) {
        this.loadStartEpochMs = loadStartEpochMs;
        this.loadDuration = loadDuration;
        this.timelines = List.copyOf(timelines);
        this.counters = Map.copyOf(counters);
    }

    /** The fault's share; its window is its impact window (see {@link FaultAttribution}). */
    public FaultAttribution attribute(FaultReport fault) {
        long fromMs = fault.atMs();
        long toMs = fault.impact() != null ? fault.impact().windowToMs()
                : Math.min(loadDuration.toMillis(), fromMs + FaultImpactAnalysis.MIN_WINDOW.toMillis());
        long from = loadStartEpochMs + fromMs;
        long to = loadStartEpochMs + toMs;

        Set<Integer> lostUsers = new TreeSet<>();
        Set<Integer> staleUsers = new TreeSet<>();
        long lost = 0;
        long stale = 0;
        List<AttributedAnswer> answers = new ArrayList<>();
        Long merged = mergedEpochMs(fault);
        for (UserTimeline timeline : timelines) {
            Set<String> lostSessions = new HashSet<>();
            Set<String> staleSessions = new HashSet<>();
            for (VerdictMark mark : timeline.marks()) {
                boolean inWindow = mark.atMs() >= from && mark.atMs() < to;
                if (inWindow || staleAfter(mark, merged)) {
                    answers.add(answerOf(timeline.user(), mark));
                }
                if (!inWindow) {
                    continue;
                }
                (mark.lostSession() ? lostSessions : staleSessions).add(mark.session());
            }
            staleSessions.removeAll(lostSessions);
            lost += lostSessions.size();
            stale += staleSessions.size();
            if (!lostSessions.isEmpty()) {
                lostUsers.add(timeline.user());
            }
            if (!staleSessions.isEmpty()) {
                staleUsers.add(timeline.user());
            }
        }
        answers.sort(Comparator.comparingLong(AttributedAnswer::atMs).thenComparingInt(AttributedAnswer::user));
        int shown = Math.min(answers.size(), FaultAttribution.MAX_ANSWERS);
        return new FaultAttribution(fromMs, toMs, lost, stale, List.copyOf(lostUsers), List.copyOf(staleUsers),
                gravitations(from, to), staleAfterMerge(fault), answers.subList(0, shown), answers.size() - shown);
    }

    private AttributedAnswer answerOf(int user, VerdictMark mark) {
        AttributedAnswer.Prior prior = mark.prior() == null ? null : new AttributedAnswer.Prior(mark.prior().node(),
                mark.prior().serial(), mark.prior().atMs() - loadStartEpochMs);
        return new AttributedAnswer(user, mark.node(), mark.session(), mark.verdict(), mark.atMs() - loadStartEpochMs,
                mark.serial() > 0 ? mark.serial() : null, prior, mark.unanswered());
    }

    /** STALE responses from when every survivor had the fault's nodes in view again to the end of the load. */
    private Long staleAfterMerge(FaultReport fault) {
        Long merged = mergedEpochMs(fault);
        if (merged == null) {
            return null;
        }
        return timelines.stream().flatMap(timeline -> timeline.marks().stream())
                .filter(mark -> staleAfter(mark, merged)).count();
    }

    /** When every survivor had the fault's nodes in view again (epoch ms); null when they never came back. */
    private Long mergedEpochMs(FaultReport fault) {
        return fault.backInViewMs() == null ? null : loadStartEpochMs + fault.atMs() + fault.backInViewMs();
    }

    private static boolean staleAfter(VerdictMark mark, Long merged) {
        return merged != null && mark.verdict() == Verdict.STALE && mark.atMs() >= merged;
    }

    /**
     * The growth of every node's gravitation counter from its last reading before the window to its last within
     * it. A restarted node counts from zero again, so a drop starts a new count rather than subtracting.
     */
    private Long gravitations(long from, long to) {
        Long total = null;
        for (List<NodeSample> samples : counters.values()) {
            NodeSample previous = null;
            long grown = 0;
            boolean measured = false;
            for (NodeSample sample : samples) {
                if (sample.atEpochMs() > to) {
                    break;
                }
                if (sample.atEpochMs() <= from) {
                    previous = sample;
                    continue;
                }
                if (previous == null) {
                    // a node first seen inside the window: a fresh process, counting from zero at its start
                    grown += sample.gravitations();
                } else {
                    boolean restarted = sample.uptimeMs() < previous.uptimeMs();
                    grown += restarted ? sample.gravitations() : sample.gravitations() - previous.gravitations();
                }
                measured = true;
                previous = sample;
            }
            if (measured) {
                total = (total == null ? 0 : total) + grown;
            }
        }
        return total;
    }
}
