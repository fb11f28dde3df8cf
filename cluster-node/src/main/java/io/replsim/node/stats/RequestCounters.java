package io.replsim.node.stats;

import java.util.concurrent.atomic.LongAdder;

/**
 * Application requests served, how many of them failed (5xx), and how many of those the cache refused because this
 * node's side of a partition was degraded; bumped by every worker thread.
 */
public final class RequestCounters {
    private final LongAdder total = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder deniedInPartition = new LongAdder();

    public void served() {
        total.increment();
    }

    public void failed() {
        errors.increment();
    }

    /** A failed request (counted in {@link #errors} too) the cache refused on a degraded side of a partition. */
    public void deniedInPartition() {
        errors.increment();
        deniedInPartition.increment();
    }

    public long deniedInPartitionCount() {
        return deniedInPartition.sum();
    }

    public long total() {
        return total.sum();
    }

    public long errors() {
        return errors.sum();
    }
}
