package io.replsim.loadgen.open;

import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.ExpectedSession;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.exchange.BlockingClient;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.loadgen.record.ErrorTally;
import io.replsim.loadgen.record.IntervalLogTicker;
import io.replsim.loadgen.route.NoLiveNodeException;
import io.replsim.loadgen.route.StickyRouter;
import java.time.Duration;
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
import org.HdrHistogram.Recorder;

/**
 * Drives an open-model load: a scheduler computes every arrival's intended start from the profile's schedule,
 * never from when the previous request finished, and hands each to a virtual thread that takes an idle session,
 * sends through the sticky router and judges the answer. Latency is recorded twice: from the intended start
 * (corrected) and from the send (uncorrected).
 */
public final class OpenLoadDriver implements AutoCloseable {

    private static final Duration STOP_WAIT = Duration.ofSeconds(30);

    /** One session: its cookie and expected state, used by one request at a time. */
    private static final class Session {
        final ExpectedSession expected;
        Optional<SessionCookie> cookie = Optional.empty();

        Session(ExpectedSession expected) {
            this.expected = expected;
        }
    }

    private final OpenProfile profile;
    private final StickyRouter router;
    private final BlockingClient client;
    private final BlockingQueue<Session> idle;
    private final List<Session> sessions = new ArrayList<>();
    private final Recorder corrected = new Recorder(3);
    private final Recorder uncorrected = new Recorder(3);
    private final ErrorTally errors = new ErrorTally();
    private final LongAdder requests = new LongAdder();
    private final LongAdder completedInWindow = new LongAdder();
    private final LongAdder completed = new LongAdder();
    private final DriverCostMonitor cost = new DriverCostMonitor();
    private final LongAdder[] judged = Stream.generate(LongAdder::new).limit(Verdict.values().length)
            .toArray(LongAdder[]::new);
    private final ExecutorService requestThreads = Executors.newVirtualThreadPerTaskExecutor();
    private final Optional<OpenIntervalLogs> intervalLogs;

    public OpenLoadDriver(OpenProfile profile, List<NodeEndpoint> nodes) {
        this(profile, nodes, Optional.empty());
    }

    public OpenLoadDriver(OpenProfile profile, List<NodeEndpoint> nodes, Optional<OpenIntervalLogs> intervalLogs) {
        this.profile = profile;
        this.intervalLogs = Objects.requireNonNull(intervalLogs, "intervalLogs");
        this.router = new StickyRouter(nodes, StickyRouter.DEFAULT_RETRY_INTERVAL, InstantSource.system());
        this.client = new BlockingClient(router.nodes(), profile.path(), profile.requestTimeout());
        this.idle = new ArrayBlockingQueue<>(profile.sessions());
        for (int i = 0; i < profile.sessions(); i++) {
            Session session = new Session(ExpectedSession.of(Optional.of(profile.shapes()),
                    RequestType.sessionOfPath(profile.path()).orElseThrow()));
            sessions.add(session);
            idle.add(session);
        }
    }

    /** Runs the whole schedule on the calling thread, waits for the last request, and returns the figures. */
    public OpenResult run() throws InterruptedException {
        long startEpochMs = System.currentTimeMillis();
        long start = System.nanoTime();
        try (var logs = TimelineLogs.start(intervalLogs, startEpochMs)) {
            IntervalLogTicker ticker = IntervalLogTicker.unstarted(start, logs.both());
            ticker.start();
            try {
                return runSchedule(start, logs);
            } finally {
                ticker.stop();
                logs.finish(System.currentTimeMillis());
            }
        }
    }

    private OpenResult runSchedule(long start, TimelineLogs logs) throws InterruptedException {
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
        Duration window = profile.duration().minus(profile.warmUp());
        long count = requests.sum();
        SessionVerdictCounts verdicts = sessions.stream().map(s -> s.expected.sessionVerdicts())
                .reduce(SessionVerdictCounts.NONE, SessionVerdictCounts::plus);
        ResponseVerdictCounts responses = new ResponseVerdictCounts(judged[Verdict.OK.ordinal()].sum(),
                judged[Verdict.STALE.ordinal()].sum(), judged[Verdict.LOST.ordinal()].sum(),
                judged[Verdict.CORRUPT.ordinal()].sum());
        return new OpenResult(window, count, errors.snapshot(), corrected.getIntervalHistogram(),
                uncorrected.getIntervalHistogram(), profile.arrivals().perSecond(), completedInWindow.sum() / (window.toNanos() / 1e9),
                verdicts, responses, cost.cost());
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
            Exchange exchange = send(session);
            long doneNanos = System.nanoTime();
            completed.increment();
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
                    if (measured) {
                        corrected.recordValue((doneNanos - intendedNanos) / 1000);
                        uncorrected.recordValue((doneNanos - sentNanos) / 1000);
                    }
                    answered.setCookie().ifPresent(issued -> session.cookie = Optional.of(issued));
                    if (answered.status() != 200 || answered.reply().isEmpty()) {
                        session.expected.answeredWithError(answered.status(), answered.sessionUnreadable());
                        if (measured) {
                            errors.record(ErrorKind.HTTP_STATUS);
                        }
                    } else {
                        Verdict verdict = session.expected.judge(answered.reply().get());
                        if (measured) {
                            judged[verdict.ordinal()].increment();
                        }
                    }
                }
                case Exchange.Failed failed -> {
                    if (failed.kind() != ErrorKind.CONNECT) {
                        session.expected.unknownOutcome();
                    }
                    if (measured) {
                        errors.record(failed.kind());
                    }
                }
            }
            return null;
        } finally {
            idle.add(session);
        }
    }

    /** One request to the session's node, tried once more on each other live node while connections are refused. */
    private Exchange send(Session session) throws InterruptedException {
        NodeEndpoint node;
        try {
            node = router.route(session.cookie.flatMap(SessionCookie::route).orElse(null));
        } catch (NoLiveNodeException e) {
            return new Exchange.Failed(System.currentTimeMillis(), ErrorKind.CONNECT, "no live node");
        }
        Exchange exchange = client.get(node, session.cookie);
        for (int attempt = 1; attempt < router.nodes().size() && exchange instanceof Exchange.Failed failed
                && failed.kind() == ErrorKind.CONNECT; attempt++) {
            router.markDown(node);
            try {
                node = router.route(node.name());
            } catch (NoLiveNodeException e) {
                break;
            }
            exchange = client.get(node, session.cookie);
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
