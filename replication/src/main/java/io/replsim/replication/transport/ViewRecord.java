package io.replsim.replication.transport;

import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;

import java.util.List;

/** A view as this node installed it, and when: view changes are the failover clock's first tick. */
public record ViewRecord(String id, List<NodeId> members, long installedAtEpochMs) {
    public ViewRecord {
        members = List.copyOf(members);
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
