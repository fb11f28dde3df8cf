package io.replsim.replication.engine;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** How replications went on this node: how many, failures and the time requests spent replicating. */
final class ReplicationCounters {
    private final LongAdder replications = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder micros = new LongAdder();
    private final AtomicLong maxMicros = new AtomicLong();

    void record(long elapsedMicros, boolean failed) {
        replications.increment();
        micros.add(elapsedMicros);
        maxMicros.accumulateAndGet(elapsedMicros, Math::max);
        if (failed) {
            failures.increment();
        }
    }

    long replications() {
        return replications.sum();
    }

    long failures() {
        return failures.sum();
    }

    long microsTotal() {
        return micros.sum();
    }

    long microsMax() {
        return maxMicros.get();
    }
}
