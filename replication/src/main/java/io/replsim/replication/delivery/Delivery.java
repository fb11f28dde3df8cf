package io.replsim.replication.delivery;

import io.replsim.replication.AsyncStats;
import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;

import java.util.List;

/** How a change travels to its backups and what the request waits for. */
public interface Delivery extends AutoCloseable {
    /** Called with the session's lock held, so one session's updates reach the mode in version order. */
    void deliver(Outgoing outgoing, List<NodeId> backups) throws ReplicationException;

    /** Every view this member installs, in order; a mode holding per-member state drops departed members here. */
    default void viewInstalled(ClusterView view) {
    }

    /** What is queued and what became of it; nothing for a mode that never queues. */
    default AsyncStats stats() {
        return AsyncStats.NONE;
    }

    @Override
    default void close() {
    }
}
