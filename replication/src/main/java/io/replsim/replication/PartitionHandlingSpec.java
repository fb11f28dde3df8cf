package io.replsim.replication;

import java.util.Objects;

/**
 * The infinispan engine's partition handling (a scenario's {@code replication.partitionHandling}): what each side of
 * a split serves, and how copies that differ are settled at the merge. The jgroups engine has its own rule (one owner
 * wins by version) and takes no other.
 */
public record PartitionHandlingSpec(PartitionWhenSplit whenSplit, PartitionMergePolicy mergePolicy) {
    /** Infinispan's own defaults: both sides serve, nothing is settled at the merge. */
    public static final PartitionHandlingSpec DEFAULT =
            new PartitionHandlingSpec(PartitionWhenSplit.DEFAULT, PartitionMergePolicy.DEFAULT);

    public PartitionHandlingSpec {
        Objects.requireNonNull(whenSplit, "whenSplit");
        Objects.requireNonNull(mergePolicy, "mergePolicy");
    }
}
