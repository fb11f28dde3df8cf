package io.replsim.replication;

import io.replsim.settings.Labelled;

/**
 * What the infinispan engine's cache does on each side of a partition: Infinispan's own {@code when-split}
 * strategies (org.infinispan.partitionhandling.PartitionHandling), one for one. A side that lost the majority of the
 * last stable membership, or every owner of some entry, is <em>degraded</em>; the strategy says what a degraded side
 * still serves.
 */
public enum PartitionWhenSplit implements Labelled {
    /** Every side keeps reading and writing (no degraded mode); the merge policy settles the copies at the merge. */
    ALLOW_READ_WRITES,
    /** A degraded side refuses every read and write of an entry not all of whose owners it still holds. */
    DENY_READ_WRITES,
    /** A degraded side serves reads of what it holds and refuses every write. */
    ALLOW_READS;

    /** Infinispan's own default (PartitionHandlingConfiguration.WHEN_SPLIT). */
    public static final PartitionWhenSplit DEFAULT = ALLOW_READ_WRITES;
}
