package io.replsim.loadgen.record;

import java.time.Duration;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * The thread that closes an interval of each recording every second. Ticks are scheduled from the start, not from
 * the previous tick, so the logs' intervals do not drift. {@link #stop()} ends it, and each recording's
 * {@link LatencyRecording#finish(long)} then writes the last, partial interval.
 *
 * <p>It stops on a flag, with an interrupt only to cut its sleep short: HdrHistogram's
 * {@code WriterReaderPhaser.flipPhase}, which each tick goes through, sleeps while a writer is inside its critical
 * section and swallows an interrupt that lands in that sleep. A run's deadline falls on a tick (whole seconds), its
 * users record their last answers then, and a driver that stopped the ticker by interrupt alone waited for it
 * forever about once in twenty full-speed runs (a thread dump showed the driver in {@code join}).
 */
public final class IntervalLogTicker {

    public static final Duration INTERVAL = Duration.ofSeconds(1);

    private final long startNanos;
    private final LongConsumer tick;
    private final Thread thread;
    private volatile boolean stopped;

    private IntervalLogTicker(long startNanos, LongConsumer tick) {
        this.startNanos = startNanos;
        this.tick = tick;
        this.thread = Thread.ofVirtual().name("replsim-interval-log").unstarted(this::tickEverySecond);
    }

    /** A ticker, not started yet, that ticks {@code recordings} every {@link #INTERVAL} from {@code startNanos}. */
    public static IntervalLogTicker unstarted(long startNanos, List<LatencyRecording> recordings) {
        return new IntervalLogTicker(startNanos, nowMs -> recordings.forEach(recording -> recording.tick(nowMs)));
    }

    /** A ticker that calls {@code tick} with the epoch milliseconds of each tick. */
    static IntervalLogTicker unstarted(long startNanos, LongConsumer tick) {
        return new IntervalLogTicker(startNanos, tick);
    }

    public void start() {
        thread.start();
    }

    /** Stops the ticks and waits until the last one in progress is over. */
    public void stop() throws InterruptedException {
        stopped = true;
        thread.interrupt();
        thread.join();
    }

    private void tickEverySecond() {
        try {
            for (long tick = 1; !stopped; tick++) {
                long wait = startNanos + INTERVAL.toNanos() * tick - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(Duration.ofNanos(wait));
                }
                if (stopped) {
                    return;
                }
                this.tick.accept(System.currentTimeMillis());
            }
        } catch (InterruptedException stop) {
            // stop(): the run is over
        }
    }
}
