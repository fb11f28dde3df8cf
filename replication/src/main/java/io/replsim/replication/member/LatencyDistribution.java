package io.replsim.replication.member;

import java.util.List;

/**
 * A reading of {@link LatencyBuckets}: {@code counts} has one entry per upper bound (the observations above the
 * bound before it, up to and including this one) and a last one for those above every bound.
 */
public record LatencyDistribution(List<Long> upperBoundsMicros, List<Long> counts, long sumMicros) {
    public LatencyDistribution {
        upperBoundsMicros = List.copyOf(upperBoundsMicros);
        counts = List.copyOf(counts);
        if (counts.size() != upperBoundsMicros.size() + 1) {
            throw new IllegalArgumentException("one count per bound and one above them: " + upperBoundsMicros.size()
                    + " bounds, " + counts.size() + " counts");
        }
    }

    public long count() {
        return counts.stream().mapToLong(Long::longValue).sum();
    }
}
