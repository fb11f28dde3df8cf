package io.replsim.loadgen.user;

import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.UsersServed;
import io.replsim.loadgen.profile.RunPlan;
import io.replsim.loadgen.profile.SessionsAtEnd;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.loadgen.check.ExpectedSession;
import io.replsim.loadgen.check.Verdict;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.loadgen.record.RunRecording;
import io.replsim.loadgen.record.ScriptTally;
import io.replsim.loadgen.record.TimelineRecorder;
import io.replsim.loadgen.route.NoLiveNodeException;
import io.replsim.loadgen.route.StickyRouter;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.RequestType.SerialRule;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.steady.SteadyRecording;
import io.replsim.loadgen.think.ThinkMode;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * One closed-loop user as a state machine: route, request, judge, record, then think (a pause drawn from the plan's
 * think time, counted from the response or, in cycle-time mode, from the request's start), until the deadline. It
 * never blocks: each call returns the next {@link UserAction} (send this request, pause until then, stop), and its
 * runtime carries it out and calls back ({@link #answered}, {@link #woke}). So the same user runs on a virtual
 * thread that blocks ({@link UserThread}) or on an event loop that does not ({@code io.replsim.loadgen.loop}).
 * Calls come from one thread at a time; its session, expectations and timeline are its own, and the driver reads
 * them only after it has stopped.
 *
 * <p>With a user script, the user draws each request's type by weight and holds one session per app the script
 * touches (the apps keep their state apart); a new session goes to the node of the user's previous one, as a
 * balancer keeps a browser on one node, so the user's timeline stays one node's until a failover.
 *
 * <p>With a session length, the user's visits end: once a visit has lasted its drawn length, each request ends one
 * session the user holds (the app's logout, judged like any request) until it holds none; then the next request
 * starts a new visit, with new sessions on whichever node the balancer picks, so load moves onto nodes that joined
 * or came back.
 *
 * <p>With tabs ({@code load.tabs}), a user is several of these, one per tab, each its own loop and pauses, all
 * sending the cookie of the user's one session ({@link TabsOfUser}); a tab other than the first opens once that
 * session exists, as a browser's second tab does. Their requests overlap and each changes what the others' next
 * answers show, so the serial oracle, which knows one request loop's writes, judges none of them: the run's history
 * judges the session.
 */
public final class VirtualUser {
    /** How often a tab waits to see its user's session made before it opens. */
    private static final long SESSION_WAIT_NANOS = 5_000_000;

    private final int index;
    private final RunPlan plan;
    private final StickyRouter router;
    private final String defaultPath;
    private final RunRecording recording;
    private final SteadyRecording steady;
    private final AtomicInteger activeUsers;
    private final SplittableRandom random;

    private final Optional<UserScript> script;
    private final ScriptTally scriptTally;
    private final long heldNanos;
    /** This tab's number among its user's, from 0; the first one counts the user as active and logs out at the end. */
    private final int tab;
    /** Present when the user has more than one tab: the session they share, judged by the history alone. */
    private final Optional<TabsOfUser> tabs;

    /** Where the user is between two calls. */
    private enum Phase { NOT_STARTED, STARTING, AWAITING_ANSWER, WAITING_FOR_A_NODE, HELD, THINKING, STOPPED }

    /** The user's only session without a script. */
    private final HeldSession single;
    /** How the nodes' apps are configured, for the state each session must show; empty for an external app. */
    private final Optional<SessionShapes> shapes;
    private final Map<RequestType.SessionKind, HeldSession> byKind = new EnumMap<>(RequestType.SessionKind.class);
    private final TimelineRecorder timeline;
    private final String logoutPath;
    private Optional<String> lastRoute = Optional.empty();
    /** When the current visit ends, in {@link System#nanoTime()} terms; only with a session length. */
    private OptionalLong visitEndsAtNanos = OptionalLong.empty();
    private volatile long stoppedAtNanos;
    /** Its verdicts as of its last request's end, for readers while it runs; the user's own state is unguarded. */
    private volatile Verdicts published = new Verdicts(SessionVerdictCounts.NONE, ResponseVerdictCounts.NONE);

    /** A user's verdicts at one moment: its sessions by their worst verdict so far, and its responses'. */
    public record Verdicts(SessionVerdictCounts sessions, ResponseVerdictCounts responses) {
    }

    private Phase phase = Phase.NOT_STARTED;
    private boolean active;
    /** Whether a request of this user got its outcome: the user counts as started in {@link #served()}. */
    private boolean hadOutcome;
    /** The sessions still to log out of once the run is over; null while it runs. */
    private List<HeldSession> endingSessions;
    private int nextEnding;

    /** The request in progress: what it is for, where it went, and when the cycle and the request started. */
    private RequestType type;
    private HeldSession session;
    private boolean logout;
    private NodeEndpoint node;
    private int attempt;
    private final ReadResend readResend = new ReadResend();
    private long cycleStartNanos;
    private long requestStartNanos;
    /** When the request's outcome came (an answer, a failure, the end of the wait for a node), and after how long. */
    private long outcomeNanos;
    private long responseNanos;
    /** The pause in progress: from when, and when it was meant to end (before the deadline cut it). */
    private long thinkFromNanos;
    private long thinkWakeNanos;
    private final UserHistory history;
    /** The request in progress's id in the run's history, 0 when none is kept. */
    private long requestId;

    /** A user of the replsim apps on nodes with their default settings. */
    public VirtualUser(int index, RunPlan plan, StickyRouter router, String defaultPath, RunRecording recording,
                       SteadyRecording steady, AtomicInteger activeUsers, long seed, Optional<UserScript> script,
                       ScriptTally scriptTally) {
        this(index, plan, router, defaultPath, recording, steady, activeUsers, seed, script, scriptTally,
                Optional.of(SessionShapes.DEFAULT), Duration.ZERO, 0, Optional.empty());
    }

    /**
     * @param defaultPath the path every request goes to without a script
     * @param scriptTally where the script's per-type counts go; used only with a script
     * @param shapes      how the nodes' apps are configured, so every answer's state can be checked; empty against
     *                    an app whose answers carry no state digest
     * @param held        how long the user is held up after each request's outcome before it asks for its pause:
     *                    time a driver loses on its own side, which its validity verdict must catch. Zero except in
     *                    tests that make a driver lose time on purpose.
     * @param tab         this tab's number among its user's, from 0
     * @param tabs        what the user's tabs share when it has more than one; empty for a user with one
     */
    public VirtualUser(int index, RunPlan plan, StickyRouter router, String defaultPath, RunRecording recording,
                       SteadyRecording steady, AtomicInteger activeUsers, long seed, Optional<UserScript> script,
                       ScriptTally scriptTally, Optional<SessionShapes> shapes, Duration held, int tab,
                       Optional<TabsOfUser> tabs) {
        this.tab = tab;
        this.tabs = tabs;
        this.heldNanos = held.toNanos();
        this.shapes = shapes;
        this.single = HeldSession.ofPath(defaultPath, shapes, script,
                tabs.map(TabsOfUser::cookie).orElseGet(() -> new AtomicReference<>(Optional.empty())));
        this.script = script;
        this.scriptTally = scriptTally;
        this.index = index;
        this.plan = plan;
        this.router = router;
        this.defaultPath = defaultPath;
        this.recording = recording;
        this.steady = steady;
        this.activeUsers = activeUsers;
        this.random = new SplittableRandom(seed);
        this.timeline = new TimelineRecorder(index);
        this.logoutPath = LogoutPath.of(defaultPath);
        this.history = new UserHistory(recording.history(), index, tab);
    }

    /** This user's number in its run, from 0. */
    public int index() {
        return index;
    }

    /** This tab's number among its user's, from 0 (0 for a user with one). */
    public int tab() {
        return tab;
    }

    /** The first action: wait for this user's turn in the ramp-up. */
    public UserAction start() {
        if (phase != Phase.NOT_STARTED) {
            throw new IllegalStateException("user " + index + " was already started");
        }
        phase = Phase.STARTING;
        return pauseUntil(plan.startNanosOf(index));
    }

    /** A {@link UserAction.Pause} has ended; {@code nowNanos} is when. */
    public UserAction woke(long nowNanos) {
        return switch (phase) {
            case STARTING -> {
                if (plan.over(nowNanos)) {
                    yield stop(nowNanos);
                }
                if (tab > 0 && single.cookie.get().isEmpty()) {
                    yield pauseUntil(nowNanos + SESSION_WAIT_NANOS); // the first tab has not made the session yet
                }
                if (tab == 0) {
                    active = true;
                    activeUsers.incrementAndGet();
                }
                yield nextCycle(nowNanos);
            }
            case WAITING_FOR_A_NODE -> outcomeKnown(nowNanos);
            case HELD -> requestEnded(nowNanos);
            case THINKING -> thought(nowNanos);
            default -> throw new IllegalStateException("user " + index + " woke while " + phase);
        };
    }

    /** The outcome of the {@link UserAction.Send} asked for last. */
    public UserAction answered(Exchange exchange) {
        if (phase != Phase.AWAITING_ANSWER) {
            throw new IllegalStateException("user " + index + " got an answer while " + phase);
        }
        router.requestEnded(node);
        if (isRefused(exchange)) {
            router.markDown(node);
            recordFailure(node, ErrorKind.CONNECT, exchange.atMs(), type);
            Optional<NodeEndpoint> next = attempt < router.nodes().size() ? nextLiveAfter(node) : Optional.empty();
            if (next.isPresent()) {
                // The request never reached a server, so it goes to the next live node now, as a balancer's does.
                node = next.get();
                attempt++;
                return send();
            }
        } else if (exchange instanceof Exchange.Failed failed && readResend.take(failed, reads())) {
            router.markDown(node);
            Optional<NodeEndpoint> next = nextLiveAfter(node);
            if (next.isPresent()) {
                recordFailure(node, ErrorKind.IO, failed.atMs(), type);
                node = next.get();
                attempt++;
                return send();
            }
        }
        long nowNanos = System.nanoTime();
        outcomeNanos = nowNanos;
        responseNanos = nowNanos - requestStartNanos;
        steady.waited(requestStartNanos, outcomeNanos);
        switch (exchange) {
            case Exchange.Answered answered ->
                    answered(answered, nowNanos, (nowNanos - requestStartNanos) / 1000, type, session);
            case Exchange.Failed refused when refused.kind() == ErrorKind.CONNECT -> {
                // every node tried refused; each refusal is recorded above
                session.expected.unreached();
                steady.unanswered(nowNanos, responseNanos);
            }
            case Exchange.Failed failed -> {
                // Unknown outcome: the node may have processed it. Leave the node; the next request goes elsewhere.
                router.markDown(node);
                session.expected.unknownOutcome();
                recordFailure(node, failed.kind(), failed.atMs(), type);
                steady.unanswered(nowNanos, responseNanos);
            }
        }
        history.ended(exchange, nowNanos);
        requestDone(exchange.atMs(), type);
        return outcomeKnown(nowNanos);
    }

    /**
     * The user is stopped where it is (the run was closed, its thread interrupted): a request in flight is not
     * counted. Nothing happens if it had stopped already.
     */
    public void stopped(long nowNanos) {
        if (phase == Phase.AWAITING_ANSWER) {
            router.requestEnded(node);
        }
        if (phase != Phase.STOPPED) {
            stop(nowNanos);
        }
    }

    private UserAction stop(long nowNanos) {
        if (active) {
            active = false;
            activeUsers.decrementAndGet();
        }
        phase = Phase.STOPPED;
        publishVerdicts();
        stoppedAtNanos = nowNanos;
        return UserAction.STOP;
    }

    /** The next cycle (a request, then a pause), or the end of the run. */
    private UserAction nextCycle(long nowNanos) {
        if (!plan.over(nowNanos)) {
            cycleStartNanos = nowNanos;
            return step(nowNanos);
        }
        if (plan.sessionsAtEnd() == SessionsAtEnd.ENDED && tab == 0) {
            endingSessions = sessionsHeld().toList();
            return nextLogoutAtEnd(nowNanos);
        }
        return stop(nowNanos);
    }

    /** Logs out of every session the user still holds, one after the other, as a user leaving does. */
    private UserAction nextLogoutAtEnd(long nowNanos) {
        if (nextEnding < endingSessions.size()) {
            HeldSession held = endingSessions.get(nextEnding++);
            return request(held.lastType, held, true, nowNanos);
        }
        return stop(nowNanos);
    }

    /** The next request of the visit, or, once the visit is over, the logout of one session the user holds. */
    private UserAction step(long nowNanos) {
        if (visitEndsAtNanos.isPresent() && nowNanos - visitEndsAtNanos.getAsLong() >= 0) {
            Optional<HeldSession> open = sessionsHeld().findFirst();
            if (open.isPresent()) {
                HeldSession held = open.get();
                return request(held.lastType, held, true, nowNanos);
            }
            visitEndsAtNanos = OptionalLong.empty();
            lastRoute = Optional.empty();
        }
        if (visitEndsAtNanos.isEmpty() && plan.sessionLength().isPresent()) {
            visitEndsAtNanos = OptionalLong.of(nowNanos + plan.visitNanos(random));
        }
        // null without a script: every request is the profile's path on the user's one session
        RequestType drawn = script.map(mix -> mix.draw(random)).orElse(null);
        return request(drawn, drawn == null ? single
                : byKind.computeIfAbsent(drawn.session(), kind -> new HeldSession(ExpectedSession.of(shapes, kind))),
                false, nowNanos);
    }

    /** The sessions the user holds now: those it has a cookie for. */
    private Stream<HeldSession> sessionsHeld() {
        return Stream.concat(Stream.of(single), byKind.values().stream()).filter(held -> held.cookie.get().isPresent());
    }

    /**
     * One user request, sent at once elsewhere while connections are refused. A logout ends the session whatever
     * its outcome: the user has left, and a node that could not end it everywhere answered 503, which is counted.
     */
    private UserAction request(RequestType requestType, HeldSession held, boolean isLogout, long nowNanos) {
        held.lastType = requestType;
        type = requestType;
        session = held;
        logout = isLogout;
        requestStartNanos = nowNanos;
        try {
            node = router.route(held.cookie.get().flatMap(SessionCookie::route).or(() -> lastRoute).orElse(null));
        } catch (NoLiveNodeException e) {
            long atMs = System.currentTimeMillis();
            held.expected.unreached();
            recordFailure(null, ErrorKind.CONNECT, atMs, requestType);
            requestDone(atMs, requestType);
            // No request left the driver; waiting for the first retry keeps a zero think time from spinning. The
            // wait, as asked, is this request's time with no answer: the user spends it waiting, as for a timeout.
            phase = Phase.WAITING_FOR_A_NODE;
            UserAction.Pause wait = pauseUntil(nowNanos + Math.max(0, e.retryAt().toEpochMilli() - atMs) * 1_000_000);
            outcomeNanos = wait.untilNanos();
            responseNanos = outcomeNanos - requestStartNanos;
            steady.unanswered(outcomeNanos, responseNanos);
            steady.waited(requestStartNanos, outcomeNanos);
            return wait;
        }
        attempt = 1;
        readResend.newRequest();
        requestId = history.sent(held.cookie.get(), isLogout,
                requestType != null && requestType.serialRule() == SerialRule.UNCHANGED, nowNanos);
        return send();
    }

    private UserAction send() {
        phase = Phase.AWAITING_ANSWER;
        router.requestSent(node);
        String path = type == null ? logout ? logoutPath : defaultPath
                : logout ? LogoutPath.of(type.path()) : type.path();
        return new UserAction.Send(node, path, session.cookie.get(), requestId);
    }

    /** The request's outcome is known; a user the driver holds up waits here first (see {@code held}). */
    private UserAction outcomeKnown(long nowNanos) {
        if (heldNanos > 0 && endingSessions == null) {
            phase = Phase.HELD;
            return pauseUntil(nowNanos + heldNanos);
        }
        return requestEnded(nowNanos);
    }

    /** The request is over, answered or not: end a logged-out session, then pause or go on with the logouts. */
    private UserAction requestEnded(long nowNanos) {
        if (logout) {
            session.expected.ended();
            session.cookie.set(Optional.empty());
        }
        publishVerdicts();
        if (endingSessions != null) {
            return nextLogoutAtEnd(nowNanos);
        }
        steady.requestDone(cycleStartNanos, nowNanos);
        return think(nowNanos);
    }

    /**
     * One pause. How long it really took is recorded beside what was asked, since a driver short of CPU wakes its
     * users late and so adds think time nobody asked for; a pause cut short by the deadline says nothing about
     * that and is left out.
     */
    private UserAction think(long nowNanos) {
        long sampled = plan.thinkTime().sampleNanos(random);
        // What the user asks for, from what it drew and the response it saw, never from the clock now: time lost
        // since the outcome must not shrink it (Little's law would then cover that loss up).
        steady.pauseAsked(outcomeNanos, plan.thinkMode() == ThinkMode.CYCLE_TIME
                ? Math.max(0, sampled - responseNanos) : sampled);
        long wake = plan.thinkMode() == ThinkMode.CYCLE_TIME ? cycleStartNanos + sampled : nowNanos + sampled;
        if (wake - nowNanos < 0) {
            steady.missedCycle(nowNanos);
            return nextCycle(nowNanos);
        }
        thinkFromNanos = nowNanos;
        thinkWakeNanos = wake;
        phase = Phase.THINKING;
        if (Math.min(wake, plan.deadlineNanos()) - nowNanos <= 0) {
            return thought(nowNanos); // no think time: no pause for the runtime to carry out
        }
        return pauseUntil(wake);
    }

    private UserAction thought(long nowNanos) {
        if (nowNanos - thinkWakeNanos >= 0) {
            recording.thought(nowNanos - thinkFromNanos);
            steady.thought(nowNanos, thinkWakeNanos - thinkFromNanos, nowNanos - thinkFromNanos);
        }
        return nextCycle(nowNanos);
    }

    /** A pause until {@code wakeNanos}, but never past the deadline. */
    private UserAction.Pause pauseUntil(long wakeNanos) {
        return new UserAction.Pause(Math.min(wakeNanos, plan.deadlineNanos()));
    }

    private void requestDone(long atMs, RequestType requestType) {
        hadOutcome = true;
        tabs.ifPresent(user -> user.outcome(false));
        recording.requestDone(atMs);
        if (requestType != null) {
            scriptTally.requestDone(requestType);
        }
    }

    private Optional<NodeEndpoint> nextLiveAfter(NodeEndpoint down) {
        try {
            return Optional.of(router.route(down.name()));
        } catch (NoLiveNodeException e) {
            return Optional.empty();
        }
    }

    private void answered(Exchange.Answered answered, long nowNanos, long micros, RequestType requestType,
                          HeldSession held) {
        if (requestType == null) {
            recording.answered(micros);
        } else {
            recording.answered(scriptTally.tagIndex(requestType), micros);
        }
        steady.answered(nowNanos, micros);
        answered.setCookie().ifPresent(issued -> held.cookie.set(Optional.of(issued)));
        if (requestType != null) {
            held.cookie.get().flatMap(SessionCookie::route).ifPresent(route -> lastRoute = Optional.of(route));
        }
        if (answered.status() != 200 || answered.reply().isEmpty()) {
            // A server error, e.g. a failed sync replication's 503, has an unknown outcome: the node kept the
            // change, and may have made the session. One that says the node cannot read the session fails it.
            String heldSession = held.expected.sessionHeld();
            held.expected.answeredWithError(answered.status(), answered.sessionUnreadable()).ifPresent(failed ->
                    timeline.judged(answered.node(), heldSession, failed, answered.atMs()));
            recording.error(ErrorKind.HTTP_STATUS, answered.atMs());
            if (requestType != null) {
                scriptTally.error(requestType, ErrorKind.HTTP_STATUS);
            }
            // in the steady window's tally too, as the open model counts it: the error ratio and every limit read
            // from it (a capacity step's, a warm-up round's) see a cluster answering 503s
            steady.error(nowNanos, ErrorKind.HTTP_STATUS);
            timeline.answeredWithError(answered.node(), answered.atMs());
            return;
        }
        recording.served(micros);
        steady.served(nowNanos, micros);
        long sentMs = answered.atMs() - micros / 1000;
        if (tabs.isPresent()) {
            // The oracle holds an answer to the state this tab's own requests built, which other tabs' writes change
            // in between: not judged here, the history judges the session.
            tabs.get().outcome(true);
            timeline.answered(answered.node(), sentMs, answered.atMs(), true);
            return;
        }
        String sessionId = held.expected.sessionFor(answered.reply().get());
        Verdict verdict = held.expected.judge(answered.reply().get(),
                requestType == null ? SerialRule.ADVANCES : requestType.serialRule(), sentMs, answered.atMs(),
                answered.sessionExpired());
        if (requestType != null) {
            scriptTally.judged(requestType, verdict);
        }
        timeline.answered(answered.node(), sentMs, answered.atMs(), verdict.expected());
        timeline.judged(answered.node(), sessionId, verdict, answered.atMs(), answered.reply().get().serial());
    }

    private void recordFailure(NodeEndpoint failedNode, ErrorKind kind, long atMs, RequestType requestType) {
        if (requestType != null) {
            scriptTally.error(requestType, kind);
        }
        recording.error(kind, atMs);
        steady.error(System.nanoTime(), kind);
        timeline.failure(failedNode == null ? null : failedNode.name(), kind, atMs);
    }

    /** Whether the request in progress only reads its session: a script's read-only request, not a logout. */
    private boolean reads() {
        return !logout && type != null && type.serialRule() == SerialRule.UNCHANGED;
    }

    private static boolean isRefused(Exchange exchange) {
        return exchange instanceof Exchange.Failed failed && failed.kind() == ErrorKind.CONNECT;
    }

    /** The node that sent this user's latest response, while the user runs too. */
    public Optional<String> servingNode() {
        return timeline.servingNode();
    }

    /** Where its requests went, with the sessions it held (none with tabs). */
    public UserTimeline timeline() {
        return timeline.timeline().withSessions(allSessions().flatMap(held -> held.expected.sessions().stream())
                .toList());
    }

    /** Its sessions' verdicts; none with tabs, whose session the history judges. */
    public SessionVerdictCounts sessionVerdicts() {
        return allSessions().map(held -> held.expected.sessionVerdicts())
                .reduce(SessionVerdictCounts.NONE, SessionVerdictCounts::plus);
    }

    public ResponseVerdictCounts responseVerdicts() {
        return allSessions().map(held -> held.expected.responseVerdicts())
                .reduce(ResponseVerdictCounts.NONE, ResponseVerdictCounts::plus);
    }

    /** Its verdicts as of its last request's end (or its stop): safe to read from any thread while it runs. */
    public Verdicts verdictsSoFar() {
        return published;
    }

    private void publishVerdicts() {
        published = new Verdicts(sessionVerdicts(), responseVerdicts());
    }

    /**
     * Whether this user was started and, if so, whether it was served or never served; with tabs, the user's and
     * not the tab's, the same from each of its tabs.
     */
    public UsersServed served() {
        return tabs.map(TabsOfUser::served).orElseGet(() -> UsersServed.ofUser(hadOutcome, sessionVerdicts()));
    }

    public long distinctSessions() {
        return allSessions().mapToLong(held -> held.expected.distinctSessions()).sum();
    }

    /** Every session the user held and judged one request at a time: none with tabs. */
    private Stream<HeldSession> allSessions() {
        return tabs.isPresent() ? Stream.empty() : Stream.concat(Stream.of(single), byKind.values().stream());
    }

    /** When the user's thread ended, in {@link System#nanoTime()} terms; 0 while it runs. */
    public long stoppedAtNanos() {
        return stoppedAtNanos;
    }
}
