package io.replsim.scenario.fault;

/** Virtual time: sleeping moves the clock forward at once, so a 40-second timeline plays in microseconds. */
final class FakeClock implements TimelineClock {
    static final long EPOCH_AT_ZERO_MS = 1_700_000_000_000L;

    private long nanos;

    @Override
    public synchronized long nanoTime() {
        return nanos;
    }

    @Override
    public synchronized long epochMillis() {
        return EPOCH_AT_ZERO_MS + nanos / 1_000_000;
    }

    @Override
    public synchronized void sleepUntil(long target) {
        nanos = Math.max(nanos, target);
    }

    synchronized long millis() {
        return nanos / 1_000_000;
    }
}
