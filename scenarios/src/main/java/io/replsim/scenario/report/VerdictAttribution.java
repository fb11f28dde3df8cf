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
        List<AttributedAnswer> windowAnswers = new ArrayList<>();
        List<AttributedAnswer> mergeAnswers = new ArrayList<>();
        Long back = backInViewEpochMs(fault);
        for (UserTimeline timeline : timelines) {
            Set<String> lostSessions = new HashSet<>();
            Set<String> staleSessions = new HashSet<>();
            for (VerdictMark mark : timeline.marks()) {
                boolean inWindow = mark.atMs() >= from && mark.atMs() < to;
                if (staleFrom(mark, back)) {
                    mergeAnswers.add(answerOf(timeline.user(), mark));
                } else if (inWindow) {
                    windowAnswers.add(answerOf(timeline.user(), mark));
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
        // The answers after the nodes came back are the rare ones a reader looks for: they are kept first.
        Comparator<AttributedAnswer> inTime = Comparator.comparingLong(AttributedAnswer::atMs)
                .thenComparingInt(AttributedAnswer::user);
        mergeAnswers.sort(inTime);
        windowAnswers.sort(inTime);
        List<AttributedAnswer> shown = new ArrayList<>(mergeAnswers.subList(0,
                Math.min(mergeAnswers.size(), FaultAttribution.MAX_ANSWERS)));
        shown.addAll(windowAnswers.subList(0, Math.min(windowAnswers.size(),
                FaultAttribution.MAX_ANSWERS - shown.size())));
        shown.sort(inTime);
        long leftOut = mergeAnswers.size() + windowAnswers.size() - shown.size();
        // every STALE answer from the nodes' return on is in mergeAnswers: those to requests sent before the settling
        // are counted apart, since the node may have read the session before it settled and answered after
        Long settled = settledEpochMs(fault);
        long whileMerging = settled == null ? 0
                : mergeAnswers.stream().filter(answer -> answer.sentAtMs() < settled - loadStartEpochMs).count();
        return new FaultAttribution(fromMs, toMs, lost, stale, List.copyOf(lostUsers), List.copyOf(staleUsers),
                gravitations(from, to), settled == null ? null : whileMerging,
                back == null ? null : mergeAnswers.size() - whileMerging, List.copyOf(shown), leftOut);
    }

    private AttributedAnswer answerOf(int user, VerdictMark mark) {
        AttributedAnswer.Prior prior = mark.prior() == null ? null : new AttributedAnswer.Prior(mark.prior().node(),
                mark.prior().serial(), mark.prior().atMs() - loadStartEpochMs);
        return new AttributedAnswer(user, mark.node(), mark.session(), mark.verdict(), mark.atMs() - loadStartEpochMs,
                mark.serial() > 0 ? mark.serial() : null, prior, mark.unanswered(), mark.sentAtMs() - loadStartEpochMs);
    }

    /** When every survivor had the fault's nodes in view again (epoch ms); null when they never came back. */
    private Long backInViewEpochMs(FaultReport fault) {
        return fault.backInViewMs() == null ? null : loadStartEpochMs + fault.atMs() + fault.backInViewMs();
    }

    /** When every node had settled the merge that brought them back (epoch ms); null when not reported. */
    private Long settledEpochMs(FaultReport fault) {
        return fault.backInViewMs() == null || fault.mergeSettledMs() == null ? null
                : loadStartEpochMs + fault.atMs() + Math.max(fault.backInViewMs(), fault.mergeSettledMs());
    }

    private static boolean staleFrom(VerdictMark mark, Long fromEpochMs) {
        return fromEpochMs != null && mark.verdict() == Verdict.STALE && mark.atMs() >= fromEpochMs;
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
