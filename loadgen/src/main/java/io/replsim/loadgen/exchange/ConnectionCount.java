package io.replsim.loadgen.exchange;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/** TCP connections the driver opened, how many are open now, and the most that were open at once. */
public final class ConnectionCount {

    private final LongAdder opened = new LongAdder();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();

    void opened() {
        opened.increment();
        int now = open.incrementAndGet();
        peak.accumulateAndGet(now, Math::max);
    }

    void closed() {
        open.decrementAndGet();
    }

    public Connections snapshot(ConnectionMode mode) {
        return new Connections(mode, opened.sum(), open.get(), peak.get());
    }

    /**
     * @param opened TCP connections opened in all (each a real connect)
     * @param open   open at the time of the snapshot
     * @param peak   the most open at once
     */
    public record Connections(ConnectionMode mode, long opened, int open, int peak) {
    }
}
