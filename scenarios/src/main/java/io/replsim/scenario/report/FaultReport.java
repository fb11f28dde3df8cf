package io.replsim.scenario.report;

import io.replsim.scenario.fault.FaultEvidence;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one fault did. {@code viewChangeMs}: from the fault to the moment the last survivor installed a view
 * without the fault's nodes (null when some survivor never did). {@code backInViewMs}: from the fault to the moment
 * the last survivor had them in its view again (a merge after a partition or a pause, a rejoin after a restart; null
 * when not within the run; a survivor killed or stopped for good before it saw them again is not waited for).
 * {@code mergeSettledMs}: from the fault to the moment every node had settled the merge that brought them back, each
 * keeping the newest copy of every session it holds (null for a rejoin, which needs no settling, and for an engine
 * that does not report it). {@code healedAtMs}: when a lasting fault was healed (null for a kill). {@code failoverMs}:
 * from the fault to the first good response elsewhere of the last affected user to move (null when some affected
 * user was never served again). {@code stayedUsers}: affected users the fault's node went on serving, since HTTP
 * still reached it (a partition, a delay): they never needed another node. {@code fault}: its place in the
 * scenario's faults list (-1 when unknown); {@code attributed}: the sessions LOST and STALE and the gravitations in
 * its window; {@code expectations}: the fault's own {@code expect:} held against it; {@code movedTo}: the users
 * served again elsewhere, counted by the node of their first good response there (how the balancer spread them).
 * {@code evidence}: what was read back to show the fault took effect, right after it and at its heal; a fault not
 * {@link #confirmed()} has its figures {@link #notMeasured() not measured} (null), never zeros. {@code unfinished}:
 * null for a fault that was done within the load; for one the load's end caught still being struck or read back,
 * what it was waiting for and for how long (such a fault is not confirmed).
 */
public record FaultReport(String type, String node, List<String> nodes, String target, String detail, long atMs,
                          long epochMs, Long healedAtMs, Long viewChangeMs, Long backInViewMs, Long mergeSettledMs,
                          List<SurvivorView> survivors, int affectedUsers, int recoveredUsers, int stayedUsers,
                          Long failoverMs,
                          Long failoverMsP50, Long failoverMsP90, FaultImpact impact, int fault,
                          FaultAttribution attributed, List<CheckOutcome> expectations,
                          Map<String, Integer> movedTo, FaultEvidence evidence, String unfinished) {

    public FaultReport {
        nodes = List.copyOf(nodes);
        survivors = List.copyOf(survivors);
        expectations = List.copyOf(expectations);
        // sorted by node, so the report and summary.json list the survivors in one order
        movedTo = java.util.Collections.unmodifiableMap(new TreeMap<>(movedTo));
    }

    /** Without the users' moves counted per node, of a fault confirmed by {@code evidence}. */
    public FaultReport(String type, String node, List<String> nodes, String target, String detail, long atMs,
                       long epochMs, Long healedAtMs, Long viewChangeMs, Long backInViewMs,
                       List<SurvivorView> survivors, int affectedUsers, int recoveredUsers, int stayedUsers,
                       Long failoverMs, Long failoverMsP50, Long failoverMsP90, FaultImpact impact, int fault,
                       FaultAttribution attributed, List<CheckOutcome> expectations, FaultEvidence evidence) {
        this(type, node, nodes, target, detail, atMs, epochMs, healedAtMs, viewChangeMs, backInViewMs, null, survivors,
                affectedUsers, recoveredUsers, stayedUsers, failoverMs, failoverMsP50, failoverMsP90, impact, fault,
                attributed, expectations, Map.of(), evidence, null);
    }

    /**
     * A report of no particular fault of the scenario, confirmed by {@code evidence}, before its verdicts are
     * attributed and its expectations held.
     */
    public FaultReport(String type, String node, List<String> nodes, String target, String detail, long atMs,
                       long epochMs, Long healedAtMs, Long viewChangeMs, Long backInViewMs,
                       List<SurvivorView> survivors, int affectedUsers, int recoveredUsers, int stayedUsers,
                       Long failoverMs, Long failoverMsP50, Long failoverMsP90, FaultImpact impact,
                       FaultEvidence evidence) {
        this(type, node, nodes, target, detail, atMs, epochMs, healedAtMs, viewChangeMs, backInViewMs, survivors,
                affectedUsers, recoveredUsers, stayedUsers, failoverMs, failoverMsP50, failoverMsP90, impact, -1, null,
                List.of(), evidence);
    }

    /** Whether what was read back showed the fault took effect, and it was done within the load. */
    public boolean confirmed() {
        return evidence.confirmed() && unfinished == null;
    }

    /**
     * The same report with the figures that measure the fault's effect null (not measured): the view change and
     * return, the survivors, the failover times, the impact and the sessions attributed to it. Which users its
     * nodes served and where they went next stay: the driver saw those whatever happened to the nodes.
     */
    public FaultReport notMeasured() {
        return new FaultReport(type, node, nodes, target, detail, atMs, epochMs, healedAtMs, null, null, null, List.of(),
                affectedUsers, recoveredUsers, stayedUsers, null, null, null, null, fault, null, expectations,
                movedTo, evidence, unfinished);
    }

    /** When one survivor installed its first view without the fault's nodes, and its first one with them again. */
    public record SurvivorView(String node, Long viewChangeMs, String viewId, Long backInViewMs) {}

    /** The same report with the fault's effect on the service, measured once the whole run is in. */
    public FaultReport withImpact(FaultImpact measured) {
        return new FaultReport(type, node, nodes, target, detail, atMs, epochMs, healedAtMs, viewChangeMs, backInViewMs,
                mergeSettledMs, survivors, affectedUsers, recoveredUsers, stayedUsers, failoverMs, failoverMsP50, failoverMsP90,
                measured, fault, attributed, expectations, movedTo, evidence, unfinished);
    }

    /** The same report with the verdicts and gravitations of its window. */
    public FaultReport withAttribution(FaultAttribution window) {
        return new FaultReport(type, node, nodes, target, detail, atMs, epochMs, healedAtMs, viewChangeMs, backInViewMs,
                mergeSettledMs, survivors, affectedUsers, recoveredUsers, stayedUsers, failoverMs, failoverMsP50, failoverMsP90,
                impact, fault, window, expectations, movedTo, evidence, unfinished);
    }

    /** The same report with its own expectations held against it. */
    public FaultReport withExpectations(List<CheckOutcome> held) {
        return new FaultReport(type, node, nodes, target, detail, atMs, epochMs, healedAtMs, viewChangeMs, backInViewMs,
                mergeSettledMs, survivors, affectedUsers, recoveredUsers, stayedUsers, failoverMs, failoverMsP50, failoverMsP90,
                impact, fault, attributed, held, movedTo, evidence, unfinished);
    }

    public int unrecoveredUsers() {
        return affectedUsers - recoveredUsers - stayedUsers;
    }
}
