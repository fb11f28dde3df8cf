package io.replsim.replication;

import java.io.Serializable;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Groups of members that back each other up first (JBoss's buddyPoolName): racks or power circuits, so that a
 * session's copies survive the loss of one. A member in no pool is a pool of its own.
 */
public record BuddyPools(List<Set<NodeId>> pools) implements Serializable {
    public BuddyPools {
        pools = pools.stream().map(Set::copyOf).toList();
        Set<NodeId> seen = new HashSet<>();
        for (Set<NodeId> pool : pools) {
            if (pool.isEmpty()) {
                throw new IllegalArgumentException("a buddy pool has at least one member");
            }
            for (NodeId member : pool) {
                if (!seen.add(member)) {
                    throw new IllegalArgumentException(member + " is in more than one buddy pool");
                }
            }
        }
    }

    public static BuddyPools none() {
        return new BuddyPools(List.of());
    }

    public Optional<Set<NodeId>> poolOf(NodeId member) {
        return pools.stream().filter(pool -> pool.contains(member)).findFirst();
    }

    public boolean samePool(NodeId a, NodeId b) {
        return poolOf(a).map(pool -> pool.contains(b)).orElse(false);
    }

    /**
     * The command-line form, pools separated by '/' and members by ',': {@code node1,node2/node3,node4}.
     */
    public String label() {
        return String.join("/", pools.stream()
                .map(pool -> String.join(",", pool.stream().map(NodeId::name).sorted().toList()))
                .toList());
    }

    public static BuddyPools parse(String text) {
        if (text.isBlank()) {
            return none();
        }
        return new BuddyPools(Arrays.stream(text.trim().split("/"))
                .map(pool -> Arrays.stream(pool.split(",")).map(String::trim).map(NodeId::new)
                        .collect(Collectors.toSet()))
                .toList());
    }
}
