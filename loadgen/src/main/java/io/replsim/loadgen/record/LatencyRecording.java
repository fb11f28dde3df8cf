package io.replsim.loadgen.record;

import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Response times in microseconds. Users record into one wait-free {@link PerThreadRecorder}; readers never look at
 * live values but take its interval histograms and add them into windows: one since the previous progress report, one
 * since the previous log tick, and the whole run. Adding histograms is exact, so a window's percentile is the true
 * percentile of its responses, computed in time independent of how many there were.
 *
 * <p>With tags (one per request type of a user script), a response of a tag is recorded under its tag only, and the
 * windows of all responses add the tags' intervals to the untagged one's when they are read; each log interval gets
 * one more line per tag ({@code Tag=<tag>,...} in the HdrHistogram log format) after the line of all responses.
 * Recorded twice (once in all, once under its tag), a response could be split by a tick between its two records
 * and its tag's half left out of the log when that tick was the run's last.
 */
public final class LatencyRecording implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LatencyRecording.class);
    private static final int SIGNIFICANT_DIGITS = 3;

    private final PerThreadRecorder recorder = new PerThreadRecorder(SIGNIFICANT_DIGITS);
    private final Histogram whole = new Histogram(SIGNIFICANT_DIGITS);
    private final Histogram sinceProgress = new Histogram(SIGNIFICANT_DIGITS);
    private final Histogram sinceTick = new Histogram(SIGNIFICANT_DIGITS);
    private final IntervalLog log;
    private final List<Tagged> tagged;
    private Histogram recycled;
    private long lastTickMs;
    private boolean closed;

    /** One tag's recorder and windows. */
    private static final class Tagged {
        final String tag;
        final PerThreadRecorder recorder = new PerThreadRecorder(SIGNIFICANT_DIGITS);
        final Histogram whole = new Histogram(SIGNIFICANT_DIGITS);
        final Histogram sinceTick = new Histogram(SIGNIFICANT_DIGITS);
        Histogram recycled;

        Tagged(String tag) {
            this.tag = tag;
            sinceTick.setTag(tag);
        }

        void drain() {
            recycled = recorder.intervalHistogram(recycled);
            whole.add(recycled);
            sinceTick.add(recycled);
        }
    }

    private LatencyRecording(IntervalLog log, long startEpochMs, List<String> tags) {
        this.log = log;
        this.lastTickMs = startEpochMs;
        this.tagged = tags.stream().map(Tagged::new).toList();
    }

    /** A recording that writes an interval log to {@code logFile}, or keeps none when it is empty. */
    public static LatencyRecording start(Optional<Path> logFile, long startEpochMs) throws IOException {
        return start(logFile, startEpochMs, List.of());
    }

    /** A recording that also keeps the responses of each tag apart, in the order given. */
    public static LatencyRecording start(Optional<Path> logFile, long startEpochMs, List<String> tags)
            throws IOException {
        IntervalLog log = logFile.isPresent() ? IntervalLog.create(logFile.get(), startEpochMs) : null;
        return new LatencyRecording(log, startEpochMs, tags);
    }

    /** Wait-free; called by every user after every answered request. */
    public void record(long micros) {
        recorder.recordValue(Math.max(0, micros));
    }

    /** Wait-free: a response of the tag at {@code tagIndex}, counted in all responses' windows as well. */
    public void record(int tagIndex, long micros) {
        tagged.get(tagIndex).recorder.recordValue(Math.max(0, micros));
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
            for (Tagged tag : tagged) {
                tag.sinceTick.setTag(tag.tag); // reset() clears it
                log.write(tag.sinceTick, lastTickMs, nowMs);
            }
        }
        sinceTick.reset();
        tagged.forEach(tag -> tag.sinceTick.reset());
        lastTickMs = nowMs;
    }

    /** Every response recorded so far. */
    public synchronized Histogram whole() {
        drain();
        return whole.copy();
    }

    /** Every response of the tag at {@code tagIndex} recorded so far. */
    public synchronized Histogram whole(int tagIndex) {
        drain();
        Histogram copy = tagged.get(tagIndex).whole.copy();
        copy.setTag(tagged.get(tagIndex).tag);
        return copy;
    }

    private void drain() {
        recycled = recorder.intervalHistogram(recycled);
        addToAll(recycled);
        for (Tagged tag : tagged) {
            tag.drain();
            addToAll(tag.recycled);
        }
    }

    private void addToAll(Histogram interval) {
        whole.add(interval);
        sinceProgress.add(interval);
        sinceTick.add(interval);
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
