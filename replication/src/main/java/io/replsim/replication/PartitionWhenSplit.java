package io.replsim.replication;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What the infinispan engine's cache does on each side of a partition: Infinispan's own {@code when-split}
 * strategies (org.infinispan.partitionhandling.PartitionHandling), one for one. A side that lost the majority of the
 * last stable membership, or every owner of some entry, is <em>degraded</em>; the strategy says what a degraded side
 * still serves.
 */
public enum PartitionWhenSplit {
    /** Every side keeps reading and writing (no degraded mode); the merge policy settles the copies at the merge. */
    ALLOW_READ_WRITES,
    /** A degraded side refuses every read and write of an entry not all of whose owners it still holds. */
    DENY_READ_WRITES,
    /** A degraded side serves reads of what it holds and refuses every write. */
    ALLOW_READS;

    /** Infinispan's own default (PartitionHandlingConfiguration.WHEN_SPLIT). */
    public static final PartitionWhenSplit DEFAULT = ALLOW_READ_WRITES;

    /** {@code deny-read-writes}: the scenario file's and the command line's spelling. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static PartitionWhenSplit parse(String text) {
        return Arrays.stream(values()).filter(policy -> policy.label().equals(text.trim().toLowerCase(Locale.ROOT)))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("unknown whenSplit \"" + text
                        + "\"; expected one of: " + Arrays.stream(values()).map(PartitionWhenSplit::label)
                        .collect(Collectors.joining(", "))));
    }
}
