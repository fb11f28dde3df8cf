package io.replsim.replication.delivery;

import io.replsim.replication.AsyncStats;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/** The counters behind {@link AsyncStats}, shared by every destination's queue of one node. */
final class AsyncCounters {
    private final LongAdder enqueued = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    private final LongAdder sent = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder discarded = new LongAdder();
    private final LongAdder bundles = new LongAdder();
    private final LongAdder lagMicros = new LongAdder();
    private final AtomicLong lagMicrosMax = new AtomicLong();

    void enqueued() {
        enqueued.increment();
    }

    void dropped() {
        dropped.increment();
    }

    void sent(int updates, long oldestLagMicros, long lagMicrosSum) {
        sent.add(updates);
        bundles.increment();
        lagMicros.add(lagMicrosSum);
        lagMicrosMax.accumulateAndGet(oldestLagMicros, Math::max);
    }

    void failed(int updates) {
        failed.add(updates);
    }

    void discarded(int updates) {
        discarded.add(updates);
    }

    AsyncStats snapshot(LongSupplier queuedNow) {
        return new AsyncStats(queuedNow.getAsLong(), enqueued.sum(), dropped.sum(), sent.sum(), failed.sum(),
                discarded.sum(), bundles.sum(), lagMicros.sum(), lagMicrosMax.get());
    }
}
