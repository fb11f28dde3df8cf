package io.replsim.loadgen;

import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.UsersServed;
import io.replsim.loadgen.exchange.BlockingClient;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.SocketPollers;
import io.replsim.loadgen.history.HistoryRecorder;
import io.replsim.loadgen.loop.EventLoops;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.SessionsAtEnd;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.profile.UserShare;
import io.replsim.loadgen.record.IntervalLogTicker;
import io.replsim.loadgen.record.LatencyRecording;
import io.replsim.loadgen.record.LoadProgress;
import io.replsim.loadgen.record.ProgressWindow;
import io.replsim.loadgen.record.RunRecording;
import io.replsim.loadgen.record.ScriptTally;
import io.replsim.loadgen.record.ServedLatency;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.loadgen.route.StickyRouter;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.steady.SteadyRecording;
import io.replsim.loadgen.steady.SteadyWindow;
import io.replsim.loadgen.validity.DriverCostMonitor;
import io.replsim.loadgen.validity.RunValidity;
import io.replsim.loadgen.validity.ValidityRules;
import io.replsim.loadgen.user.LogoutPath;
import io.replsim.loadgen.profile.RunPlan;
import io.replsim.loadgen.user.TabsOfUser;
import io.replsim.loadgen.user.ThreadPerUser;
import io.replsim.loadgen.user.UserCarrier;
import io.replsim.loadgen.user.VirtualUser;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Drives closed-loop virtual users against the counter app on a set of nodes (interface doc §4): each user on its
 * own virtual thread or, with {@link UserCarrierKind#EVENT_LOOP}, on event loops, sticky to its session's node and failing over like a balancer, every response judged against
 * the user's expected session state and recorded in HdrHistogram recorders.
 *
 * <pre>{@code
 * try (var driver = new LoadDriver(profile, nodes, intervalLogFile)) {
 *     driver.start();
 *     LoadProgress p = driver.progress();
 *     LoadResult r = driver.awaitResult();
 * }
 * }</pre>
 */
public final class LoadDriver implements Load {

    private static final Logger LOG = LoggerFactory.getLogger(LoadDriver.class);
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);

    private final LoadProfile profile;
    private final Optional<Path> intervalLogFile;
    private final Optional<Path> historyFile;
    private final StickyRouter router;
    private final UserCarrier carrier;
    private final Duration heldAfterEachOutcome;
    private final AtomicInteger activeUsers = new AtomicInteger();

    private volatile Run run;
    private LoadResult result;
    /** Set once {@code result} is made, for {@link #soFar()}'s readers, which do not take the driver's lock. */
    private volatile boolean over;
    private boolean closed;

    /**
     * The state of a started run; exists from {@link #start()} on. {@code userThreads}: what carries the users, a
     * virtual thread per user or one event loop per core.
     */
    private record Run(Instant startedAt, long startNanos, RunPlan plan, RunRecording recording, ScriptTally scriptTally,
                       SteadyRecording steady, DriverCostMonitor cost, ProgressWindow progress,
                       List<VirtualUser> users, List<Thread> userThreads, IntervalLogTicker logTicker,
                       Thread windowMarker) {
    }

    /**
     * @param intervalLogFile where to write the HdrHistogram interval log (one interval a second), or {@code null}
     *                        for none
     */
    public LoadDriver(LoadProfile profile, List<NodeEndpoint> nodes, Path intervalLogFile) {
        this(profile, nodes, intervalLogFile, StickyRouter.DEFAULT_RETRY_INTERVAL);
    }

    /**
     * @param historyFile where to write the run's history ({@code history.jsonl}: every request, its id sent to the
     *                    nodes' apps, and the list each answer showed), or empty to keep none
     */
    public LoadDriver(LoadProfile profile, List<NodeEndpoint> nodes, Path intervalLogFile, Optional<Path> historyFile) {
        this(profile, nodes, intervalLogFile, StickyRouter.DEFAULT_RETRY_INTERVAL, Duration.ZERO, historyFile);
    }

    /** @param downNodeRetry how long a node that failed stays out of rotation before it is tried again */
    public LoadDriver(LoadProfile profile, List<NodeEndpoint> nodes, Path intervalLogFile, Duration downNodeRetry) {
        this(profile, nodes, intervalLogFile, downNodeRetry, Duration.ZERO);
    }

    /**
     * For tests of the validity verdict only: a driver that holds every user up for {@code heldAfterEachOutcome}
     * between each request's outcome and its pause, as a driver short of time on its own side would. Not reachable
     * from a scenario file or the command line.
     */
    LoadDriver(LoadProfile profile, List<NodeEndpoint> nodes, Path intervalLogFile, Duration downNodeRetry,
               Duration heldAfterEachOutcome) {
        this(profile, nodes, intervalLogFile, downNodeRetry, heldAfterEachOutcome, Optional.empty());
    }

    private LoadDriver(LoadProfile profile, List<NodeEndpoint> nodes, Path intervalLogFile, Duration downNodeRetry,
                       Duration heldAfterEachOutcome, Optional<Path> historyFile) {
        this.historyFile = Objects.requireNonNull(historyFile, "historyFile");
        this.heldAfterEachOutcome = Objects.requireNonNull(heldAfterEachOutcome, "heldAfterEachOutcome");
        this.profile = Objects.requireNonNull(profile, "profile");
        this.intervalLogFile = Optional.ofNullable(intervalLogFile);
        this.router = new StickyRouter(nodes, downNodeRetry, InstantSource.system(), profile.balancer());
        this.carrier = switch (profile.runtime()) {
            case VIRTUAL_THREADS -> new ThreadPerUser(new BlockingClient(router.nodes(), profile.path(),
                    otherPaths(profile), profile.requestTimeout(), profile.connections(), profile.protocol(),
                    profile.balancer().retryOnTimeout().orElse(profile.requestTimeout())));
            case EVENT_LOOP -> new EventLoops(profile, router.nodes(), otherPaths(profile),
                    Runtime.getRuntime().availableProcessors());
        };
    }

    /** The script's paths beside the profile's, and each one's logout when users end their sessions. */
    private static List<String> otherPaths(LoadProfile profile) {
        List<String> paths = profile.script().map(UserScript::paths).orElse(List.of());
        if (profile.sessionLength().isEmpty() && profile.sessionsAtEnd() == SessionsAtEnd.KEPT) {
            return paths;
        }
        return Stream.concat(paths.stream(), Stream.concat(paths.stream(), Stream.of(profile.path()))
                .map(LogoutPath::of)).toList();
    }

    /** Starts the users (spread over the ramp-up) and the interval log; returns at once. */
    @Override
    public synchronized void start() {
        if (closed || run != null) {
            throw new IllegalStateException(closed ? "the driver is closed" : "the driver was already started");
        }
        if (profile.runtime() == UserCarrierKind.VIRTUAL_THREADS) {
            SocketPollers.current().warningFor(profile.share().count(profile.users()) * profile.tabs())
                    .ifPresent(LOG::warn);
        }
        long startNanos = System.nanoTime();
        Instant startedAt = Instant.now();
        ScriptTally scriptTally = new ScriptTally(profile.script().map(UserScript::types).orElse(List.of()));
        LatencyRecording latency;
        try {
            latency = LatencyRecording.start(intervalLogFile, startedAt.toEpochMilli(), scriptTally.tags());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the interval log " + intervalLogFile.orElseThrow(), e);
        }
        Optional<HistoryRecorder> history;
        try {
            history = historyFile.isEmpty() ? Optional.empty() : Optional.of(HistoryRecorder.open(historyFile.get(),
                    HistoryRecorder.DEFAULT_CAPACITY, startNanos));
        } catch (IOException e) {
            latency.close();
            throw new UncheckedIOException("cannot create the history " + historyFile.get(), e);
        }
        RunRecording recording = new RunRecording(latency, history);
        RunPlan plan = RunPlan.from(profile, startNanos);
        SteadyRecording steady = new SteadyRecording(plan);
        DriverCostMonitor cost = new DriverCostMonitor();
        List<VirtualUser> users = new ArrayList<>(plan.loops());
        long seedBase = profile.seed().map(Integer::longValue).orElseGet(System::nanoTime);
        UserShare share = profile.share();
        List<Optional<TabsOfUser>> tabsOfUser = Stream.generate(() -> profile.tabs() > 1
                ? Optional.of(new TabsOfUser()) : Optional.<TabsOfUser>empty()).limit(profile.users()).toList();
        // every user's first tab first, so this share's p-th user is users.get(p); tab t of user i draws from
        // seed + i + t * users, whichever agent runs user i
        for (int tab = 0; tab < profile.tabs(); tab++) {
            for (int i : share.indices(profile.users()).toArray()) {
                users.add(new VirtualUser(i, plan, router, profile.path(), recording, steady, activeUsers,
                        seedBase + i + (long) tab * profile.users(), profile.script(), scriptTally,
                        profile.protocol().shapes(), heldAfterEachOutcome, tab, tabsOfUser.get(i)));
            }
        }
        List<Thread> threads = carrier.threadsFor(users);
        IntervalLogTicker ticker = IntervalLogTicker.unstarted(startNanos, List.of(latency));
        Thread marker = Thread.ofVirtual().name("replsim-steady-window").unstarted(() -> markSteadyWindow(plan, cost));
        run = new Run(startedAt, startNanos, plan, recording, scriptTally, steady, cost, new ProgressWindow(recording, startNanos),
                List.copyOf(users), List.copyOf(threads), ticker, marker);
        threads.forEach(Thread::start);
        ticker.start();
        marker.start();
    }

    /** Marks the driver's CPU time at the steady window's start and end; an interrupt leaves it unmeasured. */
    private static void markSteadyWindow(RunPlan plan, DriverCostMonitor cost) {
        try {
            sleepUntilNanos(plan.steadyStartNanos());
            cost.markFrom();
            sleepUntilNanos(plan.deadlineNanos());
            cost.markTo();
        } catch (InterruptedException stop) {
            // closed before the window ended
        }
    }

    private static void sleepUntilNanos(long nanos) throws InterruptedException {
        long wait = nanos - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(Duration.ofNanos(wait));
        }
    }

    /** Figures since the previous call (or the start) and running totals; zeros before {@link #start()}. */
    @Override
    public LoadProgress progress() {
        Run current = run;
        if (current == null) {
            return new LoadProgress(Duration.ZERO, Duration.ZERO, 0, 0, 0, Double.NaN, 0, 0, 0);
        }
        return current.progress().next(activeUsers.get());
    }

    /**
     * The node that sent user {@code user}'s latest response (users count from 0); empty before its first response
     * or before {@link #start()}, or when another load agent runs that user. What a balancer's sticky table would
     * say, asked by a runner that picks a node by its users.
     */
    @Override
    public Optional<String> nodeServing(int user) {
        Run current = run;
        if (current == null || user < 0 || user >= profile.users()) {
            return Optional.empty();
        }
        OptionalInt position = profile.share().positionOf(user);
        return position.isEmpty() ? Optional.empty() : current.users().get(position.getAsInt()).servingNode();
    }

    /** Blocks until the duration is over and every user has stopped (or {@link #close()} stopped them). */
    @Override
    public LoadResult awaitResult() throws InterruptedException {
        Run current = run;
        if (current == null) {
            throw new IllegalStateException("the driver was not started: call start() first");
        }
        for (Thread user : current.userThreads()) {
            user.join();
        }
        return finish(current);
    }

    private synchronized LoadResult finish(Run current) throws InterruptedException {
        if (result != null) {
            return result;
        }
        current.logTicker().stop();
        if (current.plan().over(System.nanoTime())) {
            current.windowMarker().join(STOP_WAIT); // marking the end takes a moment after the deadline
        }
        current.windowMarker().interrupt();
        current.windowMarker().join();
        current.cost().close();
        long endNanos = current.users().stream().mapToLong(VirtualUser::stoppedAtNanos).max().orElse(System.nanoTime());
        Duration elapsed = Duration.ofNanos(Math.max(0, endNanos - current.startNanos()));
        long endMs = current.startedAt().toEpochMilli() + elapsed.toMillis();
        RunRecording recording = current.recording();
        recording.latency().finish(endMs);
        closeHistory(recording);
        Histogram latency = recording.latency().whole();

        SessionVerdictCounts sessions = SessionVerdictCounts.NONE;
        ResponseVerdictCounts responses = ResponseVerdictCounts.NONE;
        UsersServed served = UsersServed.NONE;
        long distinctSessions = 0;
        List<UserTimeline> timelines = new ArrayList<>(current.users().size());
        for (VirtualUser user : judged(current)) {
            sessions = sessions.plus(user.sessionVerdicts());
            served = served.plus(user.served());
            responses = responses.plus(user.responseVerdicts());
            distinctSessions += user.distinctSessions();
            timelines.add(user.timeline());
        }
        Duration steadyFrom = profile.steadyStart();
        // A run closed early ends its window where it stopped.
        Duration steadyTo = Duration.ofNanos(Math.max(current.plan().steadyStartNanos(),
                Math.min(current.plan().deadlineNanos(), endNanos)) - current.startNanos());
        SteadyWindow steady = current.steady().window(steadyFrom, steadyTo);
        RunValidity validity = ValidityRules.judge(steady, current.cost().cost());
        long requests = recording.requests();
        double seconds = elapsed.toNanos() / 1e9;
        result = new LoadResult(current.startedAt(), elapsed, requests, recording.errors(), latency,
                seconds > 0 ? requests / seconds : 0, sessions, responses,
                recording.seconds().between(current.startedAt().toEpochMilli(), endMs), timelines, distinctSessions,
                recording.meanThinkTime(), steady, validity, current.scriptTally().figures(recording.latency()),
                carrier.connections(), served,
                new ServedLatency(recording.servedLatency(), current.steady().servedLatency()));
        over = true;
        return result;
    }

    /**
     * The running totals: the requests, errors and answers' latency as recorded, each user's verdicts as it last
     * published them (at its first request's end after the previous call, which asks for them, and as it stops, so
     * once every user has stopped they are the result's).
     */
    @Override
    public Optional<LoadSoFar> soFar() {
        Run current = run;
        if (current == null) {
            return Optional.empty();
        }
        boolean finished = over;
        SessionVerdictCounts sessions = SessionVerdictCounts.NONE;
        ResponseVerdictCounts responses = ResponseVerdictCounts.NONE;
        for (VirtualUser user : judged(current)) {
            VirtualUser.Verdicts verdicts = user.verdictsSoFar();
            sessions = sessions.plus(verdicts.sessions());
            responses = responses.plus(verdicts.responses());
        }
        RunRecording recording = current.recording();
        return Optional.of(new LoadSoFar(finished, activeUsers.get(), recording.requests(), recording.errors(),
                recording.latency().whole(), responses, sessions));
    }

    /** The users whose figures the result counts: a user with tabs is judged by the history, its first tab for it. */
    private List<VirtualUser> judged(Run current) {
        return current.users().subList(0, profile.share().count(profile.users()));
    }

    /** Writes the history's last lines once every user has stopped; what it dropped is counted in the file. */
    private static void closeHistory(RunRecording recording) {
        if (recording.history().isPresent()) {
            try {
                recording.history().get().close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the history's last lines", e);
            }
        }
    }

    /** Stops every user at once (interrupting requests in flight), writes the log's last interval, frees the client. */
    @Override
    public void close() {
        Run current;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            current = run;
        }
        try {
            if (current != null) {
                current.userThreads().forEach(Thread::interrupt);
                for (Thread user : current.userThreads()) {
                    if (!user.join(STOP_WAIT)) {
                        LOG.warn("{} did not stop within {} of close()", user.getName(), STOP_WAIT);
                    }
                }
                finish(current);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (current != null) {
                current.recording().latency().close();
                closeHistory(current.recording());
            }
            carrier.close();
        }
    }
}
