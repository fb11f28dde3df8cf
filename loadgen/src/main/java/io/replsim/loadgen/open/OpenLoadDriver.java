package io.replsim.loadgen.open;

import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.UsersServed;
import io.replsim.loadgen.check.ExpectedSession;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.RequestType.SerialRule;
import io.replsim.loadgen.exchange.BlockingClient;
import io.replsim.loadgen.exchange.ConnectionMode;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.loadgen.record.ErrorTally;
import io.replsim.loadgen.record.IntervalLogTicker;
import io.replsim.loadgen.record.LoadProgress;
import io.replsim.loadgen.record.SecondSeries;
import io.replsim.loadgen.record.TimelineRecorder;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.loadgen.route.NoLiveNodeException;
import io.replsim.loadgen.route.StickyRouter;
import io.replsim.loadgen.profile.SessionsAtEnd;
import io.replsim.loadgen.user.LogoutPath;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.Verdict;
import io.replsim.loadgen.validity.DriverCostMonitor;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Drives an open-model load: a scheduler computes every arrival's intended start from the profile's schedule,
 * never from when the previous request finished, and hands each to a virtual thread that takes an idle session,
 * sends through the sticky router and judges the answer. Latency is recorded twice: from the intended start
 * (corrected) and from the send (uncorrected).
 */
public final class OpenLoadDriver implements AutoCloseable {

    private static final Duration STOP_WAIT = Duration.ofSeconds(30);

    /**
     * One session: its cookie, expected state and timeline, used by one request at a time (the idle queue hands it
     * from one request's thread to the next).
     */
    private static final class Session {
        final ExpectedSession expected;
        final TimelineRecorder timeline;
        Optional<SessionCookie> cookie = Optional.empty();
        /** Whether a request on it got its outcome: it counts as a user started. */
        boolean hadOutcome;
        /** Its verdicts as last published, for a reader on another thread; {@code expected} itself is unguarded. */
        volatile SessionVerdictCounts published = SessionVerdictCounts.NONE;
        /** Set by a reader, cleared by the request's thread as it publishes. */
        volatile boolean asked;

        Session(int index, ExpectedSession expected) {
            this.expected = expected;
            this.timeline = new TimelineRecorder(index);
        }

        /**
         * A request on it ended: its verdicts are published if a reader asked since they last were (summing them
         * at every request's end would cost every run what only a metrics scrape needs).
         */
        void publishIfAsked() {
            if (asked) {
                asked = false;
                published = expected.sessionVerdicts();
            }
        }

        /** Its verdicts as last published; they are published again at the end of its next request. */
        SessionVerdictCounts published() {
            asked = true;
            return published;
        }
    }

    /** Where the previous progress report left off. */
    private record ProgressMark(long atNanos, long completed, long failed) {
    }

    private final OpenProfile profile;
    private final StickyRouter router;
    private final BlockingClient client;
    private final BlockingQueue<Session> idle;
    private final List<Session> sessions = new ArrayList<>();
    private final Recorder corrected = new Recorder(3);
    /** Every measured answer's corrected response time drained from {@code corrected} so far. */
    private final Histogram correctedWhole = new Histogram(3);
    private final Recorder uncorrected = new Recorder(3);
    /** The successful answers' response times from their intended starts; {@code corrected} has every answer's. */
    private final Recorder servedCorrected = new Recorder(3);
    private final ErrorTally errors = new ErrorTally();
    private final LongAdder requests = new LongAdder();
    private final LongAdder completedInWindow = new LongAdder();
    private final LongAdder completed = new LongAdder();
    private final DriverCostMonitor cost = new DriverCostMonitor();
    private final LongAdder[] judged = Stream.generate(LongAdder::new).limit(Verdict.values().length)
            .toArray(LongAdder[]::new);
    private final ExecutorService requestThreads = Executors.newVirtualThreadPerTaskExecutor();
    private final Optional<OpenIntervalLogs> intervalLogs;
    private final SessionsAtEnd atEnd;
    private final String logoutPath;
    private final SecondSeries seconds = new SecondSeries();
    private final Recorder sinceProgress = new Recorder(3);
    private final LongAdder failures = new LongAdder();
    private volatile long startNanos;
    private volatile boolean started;
    /** Set once the schedule is over and its figures made, for {@link #soFar()}'s readers. */
    private volatile OpenResult result;
    private ProgressMark progressMark;

    public OpenLoadDriver(OpenProfile profile, List<NodeEndpoint> nodes) {
        this(profile, nodes, Optional.empty());
    }

    public OpenLoadDriver(OpenProfile profile, List<NodeEndpoint> nodes, Optional<OpenIntervalLogs> intervalLogs) {
        this(profile, nodes, intervalLogs, SessionsAtEnd.KEPT);
    }

    /** {@code atEnd}: whether the sessions log out once the last request is over (a capacity search's steps). */
    public OpenLoadDriver(OpenProfile profile, List<NodeEndpoint> nodes, Optional<OpenIntervalLogs> intervalLogs,
                          SessionsAtEnd atEnd) {
        this.profile = profile;
        this.intervalLogs = Objects.requireNonNull(intervalLogs, "intervalLogs");
        this.atEnd = Objects.requireNonNull(atEnd, "atEnd");
        this.logoutPath = LogoutPath.of(profile.path());
        this.router = new StickyRouter(nodes, StickyRouter.DEFAULT_RETRY_INTERVAL, InstantSource.system());
        this.client = new BlockingClient(router.nodes(), profile.path(),
                atEnd == SessionsAtEnd.ENDED ? List.of(logoutPath) : List.of(), profile.requestTimeout(),
                ConnectionMode.SHARED_POOL);
        this.idle = new ArrayBlockingQueue<>(profile.sessions());
        for (int i = 0; i < profile.sessions(); i++) {
            Session session = new Session(i, ExpectedSession.of(Optional.of(profile.shapes()),
                    RequestType.sessionOfPath(profile.path()).orElseThrow()));
            sessions.add(session);
            idle.add(session);
        }
    }

    /** Runs the whole schedule on the calling thread, waits for the last request, and returns the figures. */
    public OpenResult run() throws InterruptedException {
        long startEpochMs = System.currentTimeMillis();
        long start = System.nanoTime();
        startNanos = start;
        started = true;
        try (var logs = TimelineLogs.start(intervalLogs, startEpochMs)) {
            IntervalLogTicker ticker = IntervalLogTicker.unstarted(start, logs.both());
            ticker.start();
            try {
                return runSchedule(start, startEpochMs, logs);
            } finally {
                ticker.stop();
                logs.finish(System.currentTimeMillis());
            }
        }
    }

    private OpenResult runSchedule(long start, long startEpochMs, TimelineLogs logs) throws InterruptedException {
        SplittableRandom random = new SplittableRandom();
        long measureFrom = start + profile.warmUp().toNanos();
        long end = start + profile.duration().toNanos();
        boolean measuring = false;
        for (long intended = start; intended - end < 0; intended += profile.arrivals().gapNanos(random)) {
            if (!measuring && intended - measureFrom >= 0) {
                measuring = true;
                cost.markFrom();
            }
            long wait = intended - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(Duration.ofNanos(wait));
            }
            long arrival = intended;
            requestThreads.submit(() -> serve(arrival, measureFrom, end, logs));
        }
        long lastWait = end - System.nanoTime();
        if (lastWait > 0) {
            Thread.sleep(Duration.ofNanos(lastWait));
        }
        if (!measuring) {
            cost.markFrom();
        }
        cost.markTo();
        requestThreads.shutdown();
        if (!requestThreads.awaitTermination(profile.requestTimeout().plus(STOP_WAIT).toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("open-model requests still running " + STOP_WAIT + " after the end");
        }
        if (atEnd == SessionsAtEnd.ENDED) {
            endSessions();
        }
        Duration window = profile.duration().minus(profile.warmUp());
        long count = requests.sum();
        SessionVerdictCounts verdicts = sessions.stream().map(s -> s.expected.sessionVerdicts())
                .reduce(SessionVerdictCounts.NONE, SessionVerdictCounts::plus);
        UsersServed users = sessions.stream()
                .map(s -> UsersServed.ofUser(s.hadOutcome, s.expected.sessionVerdicts()))
                .reduce(UsersServed.NONE, UsersServed::plus);
        ResponseVerdictCounts responses = responseVerdicts();
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        long endMs = startEpochMs + elapsed.toMillis();
        List<UserTimeline> timelines = sessions.stream().map(session -> session.timeline.timeline()
                .withSessions(session.expected.sessions())).toList();
        result = new OpenResult(window, count, errors.snapshot(), correctedSoFar(),
                uncorrected.getIntervalHistogram(), profile.arrivals().perSecond(), completedInWindow.sum() / (window.toNanos() / 1e9),
                verdicts, responses, cost.cost(), Instant.ofEpochMilli(startEpochMs), elapsed,
                seconds.between(startEpochMs, endMs), timelines,
                sessions.stream().mapToLong(session -> session.expected.distinctSessions()).sum(), client.connections(),
                servedCorrected.getIntervalHistogram(), users);
        return result;
    }

    /** The measured answers' corrected response times so far, a copy. */
    private synchronized Histogram correctedSoFar() {
        correctedWhole.add(corrected.getIntervalHistogram());
        return correctedWhole.copy();
    }

    /**
     * Its figures after the warm-up so far, the tallies its result is made of, for a reader while it runs (the
     * driver's metrics); once the schedule is over, the result's own. Empty before {@link #run()} starts. Each
     * session's verdicts are as of its first request's end after the call before (which asks for them).
     */
    public Optional<OpenSoFar> soFar() {
        OpenResult over = result;
        if (over != null) {
            return Optional.of(new OpenSoFar(true, 0, over.requests(), over.errors(), over.correctedMicros().copy(),
                    over.responseVerdicts(), over.sessionVerdicts()));
        }
        if (!started) {
            return Optional.empty();
        }
        SessionVerdictCounts verdicts = sessions.stream().map(Session::published)
                .reduce(SessionVerdictCounts.NONE, SessionVerdictCounts::plus);
        return Optional.of(new OpenSoFar(false, profile.sessions() - idle.size(), requests.sum(), errors.snapshot(),
                correctedSoFar(), responseVerdicts(), verdicts));
    }

    private ResponseVerdictCounts responseVerdicts() {
        return new ResponseVerdictCounts(judged[Verdict.OK.ordinal()].sum(),
                judged[Verdict.STALE.ordinal()].sum(), judged[Verdict.LOST.ordinal()].sum(),
                judged[Verdict.CORRUPT.ordinal()].sum(), judged[Verdict.EXPIRED.ordinal()].sum());
    }

    /**
     * Figures since the previous call (or the start), warm-up included: "users" are the sessions busy with a
     * request, the latency is from each arrival's intended start. Zeros before {@link #run()} starts.
     */
    public synchronized LoadProgress progress() {
        if (!started) {
            return new LoadProgress(Duration.ZERO, Duration.ZERO, 0, 0, 0, Double.NaN, 0, 0, 0);
        }
        long now = System.nanoTime();
        ProgressMark previous = progressMark == null ? new ProgressMark(startNanos, 0, 0) : progressMark;
        Histogram window = sinceProgress.getIntervalHistogram();
        long done = completed.sum();
        long failedSoFar = failures.sum();
        Duration interval = Duration.ofNanos(now - previous.atNanos());
        double intervalSeconds = interval.toNanos() / 1e9;
        progressMark = new ProgressMark(now, done, failedSoFar);
        return new LoadProgress(Duration.ofNanos(now - startNanos), interval, profile.sessions() - idle.size(),
                done - previous.completed(), intervalSeconds > 0 ? (done - previous.completed()) / intervalSeconds : 0,
                window.getTotalCount() == 0 ? Double.NaN : window.getValueAtPercentile(90) / 1000.0,
                failedSoFar - previous.failed(), done, failedSoFar);
    }

    /** The node that sent session {@code session}'s latest response (sessions count from 0); empty before one. */
    public Optional<String> nodeServing(int session) {
        if (session < 0 || session >= sessions.size()) {
            return Optional.empty();
        }
        return sessions.get(session).timeline.servingNode();
    }

    /** Requests completed so far, warm-up included: for a progress line while {@link #run()} blocks. */
    public long completedSoFar() {
        return completed.sum();
    }

    /** One arrival; recorded when it arrived after the warm-up, counted as throughput when it ended in the window. */
    private Void serve(long intendedNanos, long measureFrom, long end, TimelineLogs logs) throws InterruptedException {
        Session session = idle.take();
        try {
            long sentNanos = System.nanoTime();
            long sentMs = System.currentTimeMillis();
            Exchange exchange = send(session);
            long doneNanos = System.nanoTime();
            session.hadOutcome = true;
            completed.increment();
            seconds.request(exchange.atMs());
            if (doneNanos - measureFrom >= 0 && doneNanos - end < 0) {
                completedInWindow.increment();
            }
            // A warm-up arrival is not measured, but its session still keeps its cookie and its checks: otherwise
            // every warm-up request would start a new session on the nodes.
            boolean measured = intendedNanos - measureFrom >= 0;
            if (measured) {
                requests.increment();
            }
            switch (exchange) {
                case Exchange.Answered answered -> {
                    logs.corrected().record((doneNanos - intendedNanos) / 1000);
                    logs.uncorrected().record((doneNanos - sentNanos) / 1000);
                    sinceProgress.recordValue((doneNanos - intendedNanos) / 1000);
                    if (measured) {
                        corrected.recordValue((doneNanos - intendedNanos) / 1000);
                        uncorrected.recordValue((doneNanos - sentNanos) / 1000);
                    }
                    answered.setCookie().ifPresent(issued -> session.cookie = Optional.of(issued));
                    if (answered.status() != 200 || answered.reply().isEmpty()) {
                        session.expected.answeredWithError(answered.status(), answered.sessionUnreadable());
                        session.timeline.answeredWithError(answered.node(), answered.atMs());
                        failed(answered.atMs());
                        if (measured) {
                            errors.record(ErrorKind.HTTP_STATUS);
                        }
                    } else {
                        Verdict verdict = session.expected.judge(answered.reply().get(), SerialRule.ADVANCES, sentMs,
                                answered.atMs(), answered.sessionExpired());
                        session.timeline.answered(answered.node(), sentMs, answered.atMs(), verdict.expected());
                        session.timeline.judged(answered.node(),
                                session.cookie.map(SessionCookie::sessionId).orElse(""), verdict, sentMs,
                                answered.atMs(), answered.reply().get().serial());
                        if (measured) {
                            judged[verdict.ordinal()].increment();
                            servedCorrected.recordValue((doneNanos - intendedNanos) / 1000);
                        }
                    }
                }
                case Exchange.Failed failure -> {
                    if (failure.kind() != ErrorKind.CONNECT) {
                        session.expected.unknownOutcome();
                    } else {
                        session.expected.unreached();
                    }
                    failed(failure.atMs());
                    if (measured) {
                        errors.record(failure.kind());
                    }
                }
            }
            return null;
        } finally {
            session.publishIfAsked();
            idle.add(session);
        }
    }

    /**
     * Every session that holds a cookie logs out (the app's logout, judged like any request but outside the measured
     * window), all at once after the last arrival's request is over: the next load on the same cluster then starts
     * without this one's sessions.
     */
    private void endSessions() throws InterruptedException {
        try (ExecutorService logouts = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Session session : sessions) {
                if (session.cookie.isPresent()) {
                    logouts.submit(() -> logOut(session));
                }
            }
        }
    }

    private Void logOut(Session session) throws InterruptedException {
        try {
            NodeEndpoint node = router.route(session.cookie.flatMap(SessionCookie::route).orElse(null));
            if (client.get(node, logoutPath, session.cookie) instanceof Exchange.Answered answered) {
                if (answered.status() != 200 || answered.reply().isEmpty()) {
                    session.expected.answeredWithError(answered.status(), answered.sessionUnreadable());
                } else {
                    session.expected.judge(answered.reply().get());
                }
            }
        } catch (NoLiveNodeException e) {
            // no node left to log out on: the session stays until the nodes time it out
        } finally {
            session.expected.ended();
            session.cookie = Optional.empty();
        }
        return null;
    }

    /** A request that ended without a usable answer, for the per-second series and the progress line. */
    private void failed(long atMs) {
        seconds.error(atMs);
        failures.increment();
    }

    /**
     * One request to the session's node, tried once more on each other live node while connections are refused;
     * every failed attempt goes on the session's timeline, as a closed-model user's do.
     */
    private Exchange send(Session session) throws InterruptedException {
        NodeEndpoint node;
        try {
            node = router.route(session.cookie.flatMap(SessionCookie::route).orElse(null));
        } catch (NoLiveNodeException e) {
            long atMs = System.currentTimeMillis();
            session.timeline.failure(null, ErrorKind.CONNECT, atMs);
            return new Exchange.Failed(atMs, ErrorKind.CONNECT, "no live node");
        }
        Exchange exchange = client.get(node, session.cookie);
        if (exchange instanceof Exchange.Failed failure) {
            session.timeline.failure(node.name(), failure.kind(), failure.atMs());
        }
        for (int attempt = 1; attempt < router.nodes().size() && exchange instanceof Exchange.Failed failure
                && failure.kind() == ErrorKind.CONNECT; attempt++) {
            router.markDown(node);
            try {
                node = router.route(node.name());
            } catch (NoLiveNodeException e) {
                break;
            }
            exchange = client.get(node, session.cookie);
            if (exchange instanceof Exchange.Failed again) {
                session.timeline.failure(node.name(), again.kind(), again.atMs());
            }
        }
        return exchange;
    }

    @Override
    public void close() {
        requestThreads.shutdownNow();
        cost.close();
        client.close();
    }
}
