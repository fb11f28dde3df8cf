package io.replsim.replication;

import java.util.List;

/** One installed group view: members in view order, the first one is the coordinator. */
public record ClusterView(String id, List<NodeId> members) {
    public ClusterView {
        members = List.copyOf(members);
        if (members.isEmpty()) {
            throw new IllegalArgumentException("a view has at least one member");
        }
    }

    public NodeId coordinator() {
        return members.getFirst();
    }

    public boolean contains(NodeId node) {
        return members.contains(node);
    }
}
