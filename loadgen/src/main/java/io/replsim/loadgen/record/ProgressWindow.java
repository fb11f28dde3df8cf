package io.replsim.loadgen.record;

import org.HdrHistogram.Histogram;

import java.time.Duration;

/** Turns running totals into "since the previous report" figures; the latency comes from interval histograms. */
public final class ProgressWindow {

    private final RunRecording recording;
    private final long startNanos;
    private long lastNanos;
    private long lastRequests;
    private long lastErrors;

    public ProgressWindow(RunRecording recording, long startNanos) {
        this.recording = recording;
        this.startNanos = startNanos;
        this.lastNanos = startNanos;
    }

    public synchronized LoadProgress next(int activeUsers) {
        long now = System.nanoTime();
        Histogram window = recording.latency().takeSinceProgress();
        long requestsTotal = recording.requests();
        long errorsTotal = recording.errors().total();
        Duration interval = Duration.ofNanos(now - lastNanos);
        long requests = requestsTotal - lastRequests;
        double seconds = interval.toNanos() / 1e9;
        double p90Millis = window.getTotalCount() == 0 ? Double.NaN : window.getValueAtPercentile(90) / 1000.0;
        LoadProgress progress = new LoadProgress(Duration.ofNanos(now - startNanos), interval, activeUsers, requests,
                seconds > 0 ? requests / seconds : 0, p90Millis, errorsTotal - lastErrors, requestsTotal, errorsTotal);
        lastNanos = now;
        lastRequests = requestsTotal;
        lastErrors = errorsTotal;
        return progress;
    }
}
