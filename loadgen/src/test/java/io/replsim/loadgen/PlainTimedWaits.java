package io.replsim.loadgen;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;

/**
 * Timed waits that nothing holds up, taken alongside a driver's run as the control for its users' pause lateness:
 * a few platform threads of their own, each parking for the users' pause again and again, measuring how late it
 * woke. That is how late this machine, loaded as it is at that moment, wakes any thread from a timed wait; none
 * of it is the driver's doing, since these threads share nothing with it but the JVM and the CPUs. Counted like
 * the driver counts its pauses: those that end inside the window, none cut short by its end.
 */
final class PlainTimedWaits implements AutoCloseable {

    private final long originNanos;
    private final long pauseNanos;
    private final long windowFromNanos;
    private final long windowToNanos;
    private final LongAdder waits = new LongAdder();
    private final LongAdder lateNanos = new LongAdder();
    private final List<Thread> threads;

    /**
     * Starts {@code threads} threads pausing {@code pause} each, their first pauses spread over one pause so they
     * wake at different moments as users do; {@code windowFrom} and {@code windowTo} are from now.
     */
    static PlainTimedWaits start(int threads, Duration pause, Duration windowFrom, Duration windowTo) {
        return new PlainTimedWaits(threads, pause, windowFrom, windowTo);
    }

    private PlainTimedWaits(int count, Duration pause, Duration windowFrom, Duration windowTo) {
        this.originNanos = System.nanoTime();
        this.pauseNanos = pause.toNanos();
        this.windowFromNanos = originNanos + windowFrom.toNanos();
        this.windowToNanos = originNanos + windowTo.toNanos();
        this.threads = IntStream.range(0, count).mapToObj(i -> Thread.ofPlatform().daemon()
                .name("plain-timed-wait-" + i).start(() -> pauseUntilTheWindowEnds(originNanos + pauseNanos * i / count)))
                .toList();
    }

    private void pauseUntilTheWindowEnds(long firstFromNanos) {
        if (!parkUntil(firstFromNanos)) {
            return;
        }
        for (long from = System.nanoTime(); from + pauseNanos - windowToNanos <= 0; from = System.nanoTime()) {
            long due = from + pauseNanos;
            if (!parkUntil(due)) {
                return;
            }
            long woke = System.nanoTime();
            if (woke - windowFromNanos >= 0 && woke - windowToNanos < 0) {
                waits.increment();
                lateNanos.add(woke - due);
            }
        }
    }

    /** Parks until {@code dueNanos} (parkNanos may return early); false when interrupted. */
    private static boolean parkUntil(long dueNanos) {
        for (long left = dueNanos - System.nanoTime(); left > 0; left = dueNanos - System.nanoTime()) {
            LockSupport.parkNanos(left);
            if (Thread.currentThread().isInterrupted()) {
                return false;
            }
        }
        return true;
    }

    /** Once the window is over: the mean of how late each wait in it woke. */
    Duration meanLateness() throws InterruptedException {
        for (Thread thread : threads) {
            thread.join();
        }
        long count = waits.sum();
        if (count == 0) {
            throw new IllegalStateException("no plain timed wait ended inside the window");
        }
        return Duration.ofNanos(lateNanos.sum() / count);
    }

    /** How many waits ended inside the window. */
    long waits() {
        return waits.sum();
    }

    /** Stops the threads still pausing (a test that failed before the window ended) and waits for them. */
    @Override
    public void close() throws InterruptedException {
        threads.forEach(Thread::interrupt);
        for (Thread thread : threads) {
            thread.join();
        }
    }
}
