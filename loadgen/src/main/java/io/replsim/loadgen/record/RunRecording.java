package io.replsim.loadgen.record;

import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.exchange.ErrorKind;
import org.HdrHistogram.Histogram;

import io.replsim.loadgen.history.HistoryRecorder;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * The driver-wide tallies every user writes into at once: response times, completed requests, failed attempts and
 * their per-second counts, and the history of every request when the run keeps one.
 */
public final class RunRecording {

    private final LatencyRecording latency;
    private final PerThreadRecorder served = new PerThreadRecorder(3);
    private final LongAdder requests = new LongAdder();
    private final ErrorTally errors = new ErrorTally();
    private final SecondSeries seconds = new SecondSeries();
    private final LongAdder thinkNanos = new LongAdder();
    private final LongAdder thinks = new LongAdder();

    private final Optional<HistoryRecorder> history;

    public RunRecording(LatencyRecording latency) {
        this(latency, Optional.empty());
    }

    /** @param history where every request goes as it ends, when the run keeps a history */
    public RunRecording(LatencyRecording latency, Optional<HistoryRecorder> history) {
        this.latency = latency;
        this.history = history;
    }

    /** The run's history, when it keeps one. */
    public Optional<HistoryRecorder> history() {
        return history;
    }

    /** A node answered (any status) {@code micros} after the request's first attempt started. */
    public void answered(long micros) {
        latency.record(micros);
    }

    /** A response of the script's request type whose latency tag is at {@code tagIndex}. */
    public void answered(int tagIndex, long micros) {
        latency.record(tagIndex, micros);
    }

    /** The answer recorded by {@link #answered} was a successful one (a {@code 200} the user judged). */
    public void served(long micros) {
        served.recordValue(Math.max(0, micros));
    }

    /** The successful answers' response times since the previous call: call once, when every user has stopped. */
    public Histogram servedLatency() {
        return served.intervalHistogram(null);
    }

    /** A user request finished at {@code atMs}, answered or not. */
    public void requestDone(long atMs) {
        requests.increment();
        seconds.request(atMs);
    }

    public void error(ErrorKind kind, long atMs) {
        errors.record(kind);
        seconds.error(atMs);
    }

    /**
     * The balancer gave up on a node after its retry timeout and sent the request on to another node; the timed-out
     * attempt is recorded as an {@link #error} of its own.
     */
    public void retriedOnTimeout() {
        errors.retriedOnTimeout();
    }

    /** A user thought for {@code nanos}: the think time it asked for plus however late it woke. */
    public void thought(long nanos) {
        if (nanos != 0) { // no think time: nothing to add to the shared sum
            thinkNanos.add(nanos);
        }
        thinks.increment();
    }

    /** The mean think time actually taken, zero when no user finished one. */
    public Duration meanThinkTime() {
        long count = thinks.sum();
        return count == 0 ? Duration.ZERO : Duration.ofNanos(thinkNanos.sum() / count);
    }

    public LatencyRecording latency() {
        return latency;
    }

    public long requests() {
        return requests.sum();
    }

    public ErrorCounts errors() {
        return errors.snapshot();
    }

    public SecondSeries seconds() {
        return seconds;
    }
}
