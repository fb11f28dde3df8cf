package io.replsim.node.stats;

import java.util.concurrent.atomic.LongAdder;

/** Application requests served and how many of them failed (5xx), bumped by every worker thread. */
public final class RequestCounters {
    private final LongAdder total = new LongAdder();
    private final LongAdder errors = new LongAdder();

    public void served() {
        total.increment();
    }

    public void failed() {
        errors.increment();
    }

    public long total() {
        return total.sum();
    }

    public long errors() {
        return errors.sum();
    }
}
