package io.replsim.loadgen.record;

import java.time.Duration;
import java.util.List;

/**
 * The thread that closes an interval of each recording every second. Ticks are scheduled from the start, not from
 * the previous tick, so the logs' intervals do not drift; an interrupt stops it, and each recording's
 * {@link LatencyRecording#finish(long)} then writes the last, partial interval.
 */
public final class IntervalLogTicker {

    public static final Duration INTERVAL = Duration.ofSeconds(1);

    private IntervalLogTicker() {
    }

    /** A virtual thread, not started yet, that ticks {@code recordings} every {@link #INTERVAL} from {@code startNanos}. */
    public static Thread unstarted(long startNanos, List<LatencyRecording> recordings) {
        return Thread.ofVirtual().name("replsim-interval-log").unstarted(() -> tickEverySecond(startNanos, recordings));
    }

    private static void tickEverySecond(long startNanos, List<LatencyRecording> recordings) {
        try {
            for (long tick = 1; ; tick++) {
                long wait = startNanos + INTERVAL.toNanos() * tick - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(Duration.ofNanos(wait));
                }
                long nowMs = System.currentTimeMillis();
                recordings.forEach(recording -> recording.tick(nowMs));
            }
        } catch (InterruptedException stop) {
            // the run is over
        }
    }
}
