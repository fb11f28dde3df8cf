package io.replsim.loadgen.record;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Response times in microseconds. Users record into one wait-free {@link Recorder}; readers never look at live
 * values but take its interval histograms and add them into windows: one since the previous progress report, one
 * since the previous log tick, and the whole run. Adding histograms is exact, so a window's percentile is the true
 * percentile of its responses, computed in time independent of how many there were.
 */
public final class LatencyRecording implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LatencyRecording.class);
    private static final int SIGNIFICANT_DIGITS = 3;

    private final Recorder recorder = new Recorder(SIGNIFICANT_DIGITS);
    private final Histogram whole = new Histogram(SIGNIFICANT_DIGITS);
    private final Histogram sinceProgress = new Histogram(SIGNIFICANT_DIGITS);
    private final Histogram sinceTick = new Histogram(SIGNIFICANT_DIGITS);
    private final IntervalLog log;
    private Histogram recycled;
    private long lastTickMs;
    private boolean closed;

    private LatencyRecording(IntervalLog log, long startEpochMs) {
        this.log = log;
        this.lastTickMs = startEpochMs;
    }

    /** A recording that writes an interval log to {@code logFile}, or keeps none when it is empty. */
    public static LatencyRecording start(Optional<Path> logFile, long startEpochMs) throws IOException {
        IntervalLog log = logFile.isPresent() ? IntervalLog.create(logFile.get(), startEpochMs) : null;
        return new LatencyRecording(log, startEpochMs);
    }

    /** Wait-free; called by every user after every answered request. */
    public void record(long micros) {
        recorder.recordValue(Math.max(0, micros));
    }

    /** The responses recorded since the previous call (or the start), as a new histogram. */
    public synchronized Histogram takeSinceProgress() {
        drain();
        Histogram window = sinceProgress.copy();
        sinceProgress.reset();
        return window;
    }

    /** Closes the current log interval at {@code nowMs} and writes it. */
    public synchronized void tick(long nowMs) {
        drain();
        if (log != null && !closed) {
            log.write(sinceTick, lastTickMs, nowMs);
        }
        sinceTick.reset();
        lastTickMs = nowMs;
    }

    /** Every response recorded so far. */
    public synchronized Histogram whole() {
        drain();
        return whole.copy();
    }

    private void drain() {
        recycled = recorder.getIntervalHistogram(recycled);
        whole.add(recycled);
        sinceProgress.add(recycled);
        sinceTick.add(recycled);
    }

    /**
     * Writes the last, partial interval up to {@code endMs} and closes the log. The ticker may have gone on past
     * the run's end while nobody awaited the result; then only responses still unlogged get an interval, ending at
     * the last tick, so intervals never run backwards.
     */
    public synchronized void finish(long endMs) {
        if (closed) {
            return;
        }
        drain();
        if (endMs > lastTickMs || sinceTick.getTotalCount() > 0) {
            tick(Math.max(endMs, lastTickMs));
        }
        close();
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (log != null) {
            if (!log.healthy()) {
                LOG.warn("the interval log could not be written completely");
            }
            log.close();
        }
    }
}
