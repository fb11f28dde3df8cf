package io.replsim.node.stats;

import io.replsim.replication.member.LatencyBuckets;
import io.replsim.replication.member.LatencyDistribution;

import java.util.concurrent.atomic.LongAdder;

/**
 * Application requests served, how many of them failed (5xx), and how many of those the cache refused because this
 * node's side of a partition was degraded; bumped by every worker thread. Also how long the application's answers
 * took, from the request read to the response sent ({@link TimedRequests}).
 */
public final class RequestCounters {
    private final LongAdder total = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder deniedInPartition = new LongAdder();
    private final LatencyBuckets answered = new LatencyBuckets();

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

    void answered(long micros) {
        answered.record(micros);
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

    /** The answers to application requests so far, by how long each took. */
    public LatencyDistribution latency() {
        return answered.distribution();
    }
}
