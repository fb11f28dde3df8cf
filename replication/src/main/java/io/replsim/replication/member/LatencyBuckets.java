package io.replsim.replication.member;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Durations counted into fixed buckets, with their sum and maximum: the one record of how long something took, so
 * that a total, a mean and a distribution (a Prometheus classic histogram) all come from the same counts. Bumped by
 * any thread without a lock; a reading taken while others record may be one observation apart between its parts.
 */
public final class LatencyBuckets {
    /**
     * Upper bounds in µs, 1-2.5-5 a decade from 50 µs to 10 s: a loopback replication takes 0.1-10 ms, a request
     * under load up to seconds, and the 0.8 s limit falls between 500 ms and 1 s.
     */
    public static final List<Long> UPPER_BOUNDS_MICROS = List.of(50L, 100L, 250L, 500L, 1_000L, 2_500L, 5_000L,
            10_000L, 25_000L, 50_000L, 100_000L, 250_000L, 500_000L, 1_000_000L, 2_500_000L, 5_000_000L, 10_000_000L);

    private final long[] bounds = UPPER_BOUNDS_MICROS.stream().mapToLong(Long::longValue).toArray();
    /** One per bound, then one for everything above the last. */
    private final LongAdder[] counts = new LongAdder[bounds.length + 1];
    private final LongAdder sumMicros = new LongAdder();
    private final AtomicLong maxMicros = new AtomicLong();

    public LatencyBuckets() {
        Arrays.setAll(counts, i -> new LongAdder());
    }

    public void record(long micros) {
        int at = Arrays.binarySearch(bounds, micros);
        counts[at >= 0 ? at : -at - 1].increment();
        sumMicros.add(micros);
        maxMicros.accumulateAndGet(micros, Math::max);
    }

    public long count() {
        long total = 0;
        for (LongAdder count : counts) {
            total += count.sum();
        }
        return total;
    }

    public long sumMicros() {
        return sumMicros.sum();
    }

    public long maxMicros() {
        return maxMicros.get();
    }

    public LatencyDistribution distribution() {
        return new LatencyDistribution(UPPER_BOUNDS_MICROS, Arrays.stream(counts).map(LongAdder::sum).toList(),
                sumMicros.sum());
    }
}
