package io.replsim.replication;

import io.replsim.settings.Labelled;

/**
 * How the infinispan engine's cache settles an entry whose copies differ when a partition heals: Infinispan's own
 * merge policies (org.infinispan.conflict.MergePolicy) but CUSTOM, which takes a class of the application's. The
 * <em>preferred</em> partition is the one Infinispan keeps the topology of: the side with the most members of the
 * last stable topology.
 */
public enum PartitionMergePolicy implements Labelled {
    /** No conflict resolution at the merge: each copy stays as the merge's state transfer leaves it. */
    NONE,
    /** The preferred partition's copy wins, even where it has none (the entry is then removed everywhere). */
    PREFERRED_ALWAYS,
    /** The preferred partition's copy wins where it has one; otherwise another side's copy. */
    PREFERRED_NON_NULL,
    /** An entry whose copies differ is removed everywhere. */
    REMOVE_ALL;

    /** Infinispan's own default (PartitionHandlingConfiguration.MERGE_POLICY). */
    public static final PartitionMergePolicy DEFAULT = NONE;
}
