package io.replsim.replication.transport;

import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;

import java.util.Objects;
import java.util.Set;

/**
 * A merge view as this member installed it: the views of a healed partition joined again, and the members that were on
 * the other sides (not in this member's own subgroup of the merge), whose copies may have moved on without this
 * member's. Empty {@code otherSides} when JGroups named no subgroup holding this member.
 */
public record MergeInstalled(ClusterView view, Set<NodeId> otherSides) {
    public MergeInstalled {
        Objects.requireNonNull(view, "view");
        otherSides = Set.copyOf(otherSides);
    }
}
