package io.replsim.loadgen;

import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.open.OpenIntervalLogs;
import io.replsim.loadgen.open.OpenLoadDriver;
import io.replsim.loadgen.open.OpenProfile;
import io.replsim.loadgen.open.OpenResult;
import io.replsim.loadgen.profile.SessionsAtEnd;
import io.replsim.loadgen.record.LoadProgress;
import io.replsim.loadgen.record.ServedLatency;
import io.replsim.loadgen.steady.SteadyWindow;
import io.replsim.loadgen.validity.ValidityRules;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.HdrHistogram.Histogram;

/**
 * The open model as a {@link Load}: an {@link OpenLoadDriver} whose schedule runs on a thread of its own, and whose
 * result reads as a {@link LoadResult}, its sessions as the users and the window after its warm-up as the steady
 * window, with the open model's own figures beside them.
 */
public final class OpenLoad implements Load {

    private final OpenProfile profile;
    private final OpenLoadDriver driver;
    private FutureTask<OpenResult> schedule;

    /** {@code intervalLogs}: where both latencies' interval logs go, or empty for none. */
    public OpenLoad(OpenProfile profile, List<NodeEndpoint> nodes, Optional<OpenIntervalLogs> intervalLogs) {
        this(profile, nodes, intervalLogs, SessionsAtEnd.KEPT);
    }

    /** {@code atEnd}: whether the sessions log out once the last request is over (a capacity search's steps). */
    public OpenLoad(OpenProfile profile, List<NodeEndpoint> nodes, Optional<OpenIntervalLogs> intervalLogs,
                    SessionsAtEnd atEnd) {
        this.profile = profile;
        this.driver = new OpenLoadDriver(profile, nodes, intervalLogs, atEnd);
    }

    @Override
    public synchronized void start() {
        if (schedule != null) {
            throw new IllegalStateException("the open load was already started");
        }
        schedule = new FutureTask<>(driver::run);
        Thread.ofVirtual().name("replsim-open-load").start(schedule);
    }

    @Override
    public LoadProgress progress() {
        return driver.progress();
    }

    @Override
    public Optional<String> nodeServing(int user) {
        return driver.nodeServing(user);
    }

    /**
     * Its figures after the warm-up, as its summary counts them: the requests, errors and corrected response times
     * as recorded, each session's verdicts as of its first request's end after the previous call; the sessions with
     * a request in flight as its active users. Once the schedule is over, its result's.
     */
    @Override
    public Optional<LoadSoFar> soFar() {
        return driver.soFar().map(open -> new LoadSoFar(open.over(), open.inFlight(), open.requests(), open.errors(),
                open.correctedMicros(), open.responses(), open.sessions()));
    }

    @Override
    public LoadResult awaitResult() throws InterruptedException {
        FutureTask<OpenResult> running;
        synchronized (this) {
            running = schedule;
        }
        if (running == null) {
            throw new IllegalStateException("the open load was not started: call start() first");
        }
        try {
            return resultOf(running.get(), profile);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the open-model load failed: " + e.getCause(), e.getCause());
        }
    }

    /**
     * The closed model's figures where they mean something for an open run: its requests, errors and verdicts after
     * the warm-up, response times from each arrival's intended start, its timeline over the whole run. The steady
     * window's think-time and Little's-law parts are zero: the open model has no think time and no fixed users.
     */
    static LoadResult resultOf(OpenResult open, OpenProfile profile) {
        Histogram latency = open.correctedMicros();
        Duration meanResponse = latency.getTotalCount() == 0 ? Duration.ZERO
                : Duration.ofNanos(Math.round(latency.getMean() * 1000));
        SteadyWindow steady = new SteadyWindow(profile.warmUp(), profile.duration(), profile.sessions(),
                open.requests(), open.errors(), latency, open.throughputPerSecond(), meanResponse, Duration.ZERO,
                Duration.ZERO, 0, 0, 0, Duration.ZERO, Duration.ZERO, Duration.ZERO);
        return new LoadResult(open.startedAt(), open.elapsed(), open.requests(), open.errors(), latency,
                open.throughputPerSecond(), open.sessionVerdicts(), open.responseVerdicts(), open.perSecond(),
                open.timelines(), open.distinctSessions(), Duration.ZERO, steady,
                ValidityRules.judgeOpen(open.requests(), open.driverCost(), open.window()), List.of(),
                open.connections(), Optional.of(open), open.users(),
                new ServedLatency(open.servedCorrectedMicros(), open.servedCorrectedMicros()));
    }

    /** Stops the schedule and every request in flight. */
    @Override
    public void close() {
        FutureTask<OpenResult> running;
        synchronized (this) {
            running = schedule;
        }
        if (running != null) {
            running.cancel(true);
        }
        driver.close();
    }
}
