package io.replsim.scenario.report;

import java.util.List;

/**
 * What one fault did. {@code viewChangeMs}: from the fault to the moment the last survivor installed a view
 * without the node (null when some survivor never did). {@code failoverMs}: from the fault to the first good
 * response of the last affected user to recover (null when some affected user never recovered, or none was
 * affected).
 */
public record FaultReport(String type, String node, String target, long atMs, long epochMs, Long viewChangeMs,
                          List<SurvivorView> survivors, int affectedUsers, int recoveredUsers, Long failoverMs,
                          Long failoverMsP50) {

    /** When one survivor installed its first view without the failed node. */
    public record SurvivorView(String node, Long viewChangeMs, String viewId) {}

    public int unrecoveredUsers() {
        return affectedUsers - recoveredUsers;
    }
}
