package io.replsim.scenario.fault;

/** The time the fault timeline plays by: the system's in a run, a fake one in tests so they are fast and exact. */
public interface TimelineClock {

    long nanoTime();

    long epochMillis();

    /** Returns once {@link #nanoTime()} has reached {@code nanos}. */
    void sleepUntil(long nanos) throws InterruptedException;

    TimelineClock SYSTEM = new TimelineClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public long epochMillis() {
            return System.currentTimeMillis();
        }

        @Override
        public void sleepUntil(long nanos) throws InterruptedException {
            long wait = nanos - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
        }
    };
}
