package io.replsim.replication.transport;

import org.jgroups.util.Rsp;

/** What became of one member's part of a request sent through JGroups. */
enum JGroupsAnswer {
    /** It answered (an ack, or an exception JGroups carried back). */
    ANSWERED,
    /**
     * It left: suspected or unreachable while the request waited, or no longer in the view when the request was sent
     * (JGroups leaves such a member out of the request, so it has no response at all).
     */
    LEFT,
    /** It is in the view and did not answer in time. */
    SILENT;

    static JGroupsAnswer of(Rsp<?> response) {
        if (response != null && response.wasReceived()) {
            return ANSWERED;
        }
        return response == null || response.wasSuspected() || response.wasUnreachable() ? LEFT : SILENT;
    }
}
