package io.replsim.scenario.report;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one fault did. {@code viewChangeMs}: from the fault to the moment the last survivor installed a view
 * without the fault's nodes (null when some survivor never did). {@code backInViewMs}: from the fault to the moment
 * the last survivor had them in its view again (a merge after a partition or a pause, a rejoin after a restart; null
 * when not within the run). {@code healedAtMs}: when a lasting fault was healed (null for a kill). {@code failoverMs}:
 * from the fault to the first good response elsewhere of the last affected user to move (null when some affected
 * user was never served again). {@code stayedUsers}: affected users the fault's node went on serving, since HTTP
 * still reached it (a partition, a delay): they never needed another node. {@code fault}: its place in the
 * scenario's faults list (-1 when unknown); {@code attributed}: the sessions LOST and STALE and the gravitations in
 * its window; {@code expectations}: the fault's own {@code expect:} held against it; {@code movedTo}: the users
 * served again elsewhere, counted by the node of their first good response there (how the balancer spread them).
 */
public record FaultReport(String type, String node, List<String> nodes, String target, String detail, long atMs,
                          long epochMs, Long healedAtMs, Long viewChangeMs, Long backInViewMs,
                          List<SurvivorView> survivors, int affectedUsers, int recoveredUsers, int stayedUsers,
                          Long failoverMs,
                          Long failoverMsP50, Long failoverMsP90, FaultImpact impact, int fault,
                          FaultAttribution attributed, List<CheckOutcome> expectations,
                          Map<String, Integer> movedTo) {

    public FaultReport {
        nodes = List.copyOf(nodes);
        survivors = List.copyOf(survivors);
        expectations = List.copyOf(expectations);
        // sorted by node, so the report and summary.json list the survivors in one order
        movedTo = java.util.Collections.unmodifiableMap(new TreeMap<>(movedTo));
    }

    /** Without the users' moves counted per node. */
    public FaultReport(String type, String node, List<String> nodes, String target, String detail, long atMs,
                       long epochMs, Long healedAtMs, Long viewChangeMs, Long backInViewMs,
                       List<SurvivorView> survivors, int affectedUsers, int recoveredUsers, int stayedUsers,
                       Long failoverMs, Long failoverMsP50, Long failoverMsP90, FaultImpact impact, int fault,
                       FaultAttribution attributed, List<CheckOutcome> expectations) {
        this(type, node, nodes, target, detail, atMs, epochMs, healedAtMs, viewChangeMs, backInViewMs, survivors,
                affectedUsers, recoveredUsers, stayedUsers, failoverMs, failoverMsP50, failoverMsP90, impact, fault,
                attributed, expectations, Map.of());
    }

    /** A report of no particular fault of the scenario, before its verdicts are attributed and its expectations held. */
    public FaultReport(String type, String node, List<String> nodes, String target, String detail, long atMs,
                       long epochMs, Long healedAtMs, Long viewChangeMs, Long backInViewMs,
                       List<SurvivorView> survivors, int affectedUsers, int recoveredUsers, int stayedUsers,
                       Long failoverMs, Long failoverMsP50, Long failoverMsP90, FaultImpact impact) {
        this(type, node, nodes, target, detail, atMs, epochMs, healedAtMs, viewChangeMs, backInViewMs, survivors,
                affectedUsers, recoveredUsers, stayedUsers, failoverMs, failoverMsP50, failoverMsP90, impact, -1, null,
                List.of());
    }

    /** When one survivor installed its first view without the fault's nodes, and its first one with them again. */
    public record SurvivorView(String node, Long viewChangeMs, String viewId, Long backInViewMs) {}

    /** The same report with the fault's effect on the service, measured once the whole run is in. */
    public FaultReport withImpact(FaultImpact measured) {
        return new FaultReport(type, node, nodes, target, detail, atMs, epochMs, healedAtMs, viewChangeMs, backInViewMs,
                survivors, affectedUsers, recoveredUsers, stayedUsers, failoverMs, failoverMsP50, failoverMsP90,
                measured, fault, attributed, expectations, movedTo);
    }

    /** The same report with the verdicts and gravitations of its window. */
    public FaultReport withAttribution(FaultAttribution window) {
        return new FaultReport(type, node, nodes, target, detail, atMs, epochMs, healedAtMs, viewChangeMs, backInViewMs,
                survivors, affectedUsers, recoveredUsers, stayedUsers, failoverMs, failoverMsP50, failoverMsP90,
                impact, fault, window, expectations, movedTo);
    }

    /** The same report with its own expectations held against it. */
    public FaultReport withExpectations(List<CheckOutcome> held) {
        return new FaultReport(type, node, nodes, target, detail, atMs, epochMs, healedAtMs, viewChangeMs, backInViewMs,
                survivors, affectedUsers, recoveredUsers, stayedUsers, failoverMs, failoverMsP50, failoverMsP90,
                impact, fault, attributed, held, movedTo);
    }

    public int unrecoveredUsers() {
        return affectedUsers - recoveredUsers - stayedUsers;
    }
}
