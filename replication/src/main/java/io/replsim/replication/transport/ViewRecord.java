package io.replsim.replication.transport;

import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;

import java.util.List;

/**
 * A view as this node installed it, and when: view changes are the failover clock's first tick. {@code
 * settledAtEpochMs}: for a merge view, when this node had settled its copies against the other sides' (the newest
 * copy kept, see BackupRebalancer); until then it may still serve a copy the merge is about to replace. Null for
 * other views and for an engine that does not settle merges itself.
 */
public record ViewRecord(String id, List<NodeId> members, long installedAtEpochMs, Long settledAtEpochMs) {
    public ViewRecord {
        members = List.copyOf(members);
    }

    /** A view as installed, not (yet) settled. */
    public ViewRecord(String id, List<NodeId> members, long installedAtEpochMs) {
        this(id, members, installedAtEpochMs, null);
    }

    public ClusterView view() {
        return new ClusterView(id, members);
    }

    public NodeId coordinator() {
        return members.getFirst();
    }

    /** JGroups' own rendering, {@code [node1|2] (3) [node1, node2, node3]}, which the node logs on every change. */
    public String describe() {
        return id + " (" + members.size() + ") " + members;
    }
}
