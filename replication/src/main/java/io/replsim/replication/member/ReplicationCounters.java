package io.replsim.replication.member;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** How replications went on this node: how many, failures and the time requests spent replicating. */
public final class ReplicationCounters {
    private final LongAdder replications = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder micros = new LongAdder();
    private final AtomicLong maxMicros = new AtomicLong();

    public void record(long elapsedMicros, boolean failed) {
        replications.increment();
        micros.add(elapsedMicros);
        maxMicros.accumulateAndGet(elapsedMicros, Math::max);
        if (failed) {
            failures.increment();
        }
    }

    public long replications() {
        return replications.sum();
    }

    public long failures() {
        return failures.sum();
    }

    public long microsTotal() {
        return micros.sum();
    }

    public long microsMax() {
        return maxMicros.get();
    }
}
