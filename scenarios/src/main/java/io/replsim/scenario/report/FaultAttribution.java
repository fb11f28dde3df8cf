package io.replsim.scenario.report;

import java.util.List;

/**
 * What is put down to one fault: the sessions that got a LOST (or CORRUPT) or a STALE response inside its window,
 * and the sessions the nodes fetched from each other (gravitations) in it. The window is the fault's impact
 * window: from the fault to 10 s after it, or to 5 s after its heal or its last failover when that is later, never
 * past the load. Windows of faults close together overlap, and a verdict in both counts for both.
 *
 * @param sessionsLost  distinct sessions (user and session id) with a LOST, CORRUPT or FAILED mark in the window;
 *                      null when the users' serial oracle judged no session (tabs: {@link #sessionsNotJudged})
 * @param sessionsStale distinct sessions with a STALE response in the window and no LOST one; null when not judged
 * @param lostUsers     the users (from 0) whose sessions were lost, in order
 * @param staleUsers    the users whose sessions were found stale
 * @param gravitations  sessions fetched from another member in the window, over every node; null when no node was
 *                      sampled both before and within it
 * @param staleWhileMerging STALE responses, arriving from the moment every survivor had the fault's nodes back in
 *                      its view, to requests sent before every node had settled that merge ({@link
 *                      FaultReport#mergeSettledMs()}): a node may serve the copy the merge is about to replace until
 *                      it has settled, and a request sent before may be answered after; null when the nodes never
 *                      came back or the settling was not reported
 * @param staleAfterMerge STALE responses to requests sent from the moment every node had settled the merge (every
 *                      survivor had the nodes back in its view, where the settling was not reported: a rejoin,
 *                      another engine) to the end of the load: copies the merge left disagreeing; null when the
 *                      nodes never came back
 * @param answers       the answers behind those counts (those in the window, and the STALE ones after the nodes
 *                      came back), in time order: who served each and what it was held to; at most {@link
 *                      #MAX_ANSWERS}, those after the merge first, then the window's first ones
 * @param answersLeftOut such answers past the first {@link #MAX_ANSWERS}
 */
public record FaultAttribution(long windowFromMs, long windowToMs, Long sessionsLost, Long sessionsStale,
                               List<Integer> lostUsers, List<Integer> staleUsers, Long gravitations,
                               Long staleWhileMerging, Long staleAfterMerge, List<AttributedAnswer> answers,
                               long answersLeftOut) {

    /** Enough to see a pattern (one node, one moment) and keep summary.json small however broken the run. */
    public static final int MAX_ANSWERS = 20;

    public FaultAttribution {
        lostUsers = List.copyOf(lostUsers);
        staleUsers = List.copyOf(staleUsers);
        answers = List.copyOf(answers);
    }

    /** Without the answers behind the counts. */
    public FaultAttribution(long windowFromMs, long windowToMs, long sessionsLost, long sessionsStale,
                            List<Integer> lostUsers, List<Integer> staleUsers, Long gravitations,
                            Long staleAfterMerge) {
        this(windowFromMs, windowToMs, sessionsLost, sessionsStale, lostUsers, staleUsers, gravitations, null,
                staleAfterMerge, List.of(), 0);
    }

    /** Of a fault whose nodes did not come back in view. */
    public FaultAttribution(long windowFromMs, long windowToMs, long sessionsLost, long sessionsStale,
                            List<Integer> lostUsers, List<Integer> staleUsers, Long gravitations) {
        this(windowFromMs, windowToMs, sessionsLost, sessionsStale, lostUsers, staleUsers, gravitations, null);
    }

    /** Whether the sessions' counts were judged: the users' serial oracle judges none of a run with tabs. */
    public boolean sessionsJudged() {
        return sessionsLost != null;
    }

    /**
     * The same window and gravitations without sessions or answers: with tabs the users' serial oracle judged none
     * (each tab's writes change what another's next answer shows), so zero of them would read as nothing lost.
     */
    public FaultAttribution sessionsNotJudged() {
        return new FaultAttribution(windowFromMs, windowToMs, null, null, List.of(), List.of(), gravitations, null,
                null, List.of(), 0);
    }
}
