package io.replsim.replication.session;

import io.replsim.replication.NodeId;

import java.util.Objects;

/**
 * What this node holds in memory now, sampled without the sessions' locks: a count is a sample, and a request must
 * never wait for the stats endpoint.
 */
final class SessionCensus {
    private final NodeId self;
    private final SessionTable table;

    SessionCensus(NodeId self, SessionTable table) {
        this.self = Objects.requireNonNull(self, "self");
        this.table = Objects.requireNonNull(table, "table");
    }

    SessionCounts counts() {
        int owned = 0;
        int backup = 0;
        for (Session session : table.all()) {
            if (session.owner().equals(self)) {
                owned++;
            } else {
                backup++;
            }
        }
        return new SessionCounts(owned, backup);
    }

    /**
     * The estimated heap held by copies of other members' sessions ({@link ReplicaFootprint}): what a placement
     * costs each node.
     */
    long backupFootprintBytes() {
        long bytes = 0;
        for (Session session : table.all()) {
            if (!session.owner().equals(self)) {
                bytes += session.footprint();
            }
        }
        return bytes;
    }

    /**
     * The estimated heap held by every session here, owned and copies ({@link ReplicaFootprint}, as each was last
     * replicated or applied): a node's session memory.
     */
    long heldFootprintBytes() {
        long bytes = 0;
        for (Session session : table.all()) {
            bytes += session.footprint();
        }
        return bytes;
    }
}
