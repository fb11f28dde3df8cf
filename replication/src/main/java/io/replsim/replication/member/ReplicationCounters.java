package io.replsim.replication.member;

import java.util.concurrent.atomic.LongAdder;

/** How replications went on this node: how many, failures and the time requests spent replicating. */
public final class ReplicationCounters {
    private final LatencyBuckets latency = new LatencyBuckets();
    private final LongAdder failures = new LongAdder();

    public void record(long elapsedMicros, boolean failed) {
        latency.record(elapsedMicros);
        if (failed) {
            failures.increment();
        }
    }

    public long replications() {
        return latency.count();
    }

    public long failures() {
        return failures.sum();
    }

    public long microsTotal() {
        return latency.sumMicros();
    }

    public long microsMax() {
        return latency.maxMicros();
    }

    public LatencyDistribution latency() {
        return latency.distribution();
    }
}
