package io.replsim.loadgen.user;

import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.UsersServed;
import io.replsim.loadgen.profile.RunPlan;
import io.replsim.loadgen.profile.SessionsAtEnd;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.record.RunRecording;
import io.replsim.loadgen.record.ScriptTally;
import io.replsim.loadgen.route.NoLiveNodeException;
import io.replsim.loadgen.route.StickyRouter;
import io.replsim.loadgen.route.TimeoutRetry;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.steady.SteadyRecording;
import io.replsim.loadgen.think.ThinkMode;

import java.time.Duration;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

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
 * or came back. A logout whose answer left the cookie as it was (an app whose logout is {@code invalidate()} alone)
 * leaves the user sending it: the new visit's first request carries the ended session's id to that session's node,
 * which answers with a new session, or with whatever it still holds under that id.
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
    private final RunRecording recording;
    private final SteadyRecording steady;
    private final AtomicInteger activeUsers;
    private final SplittableRandom random;
    private final long heldNanos;
    /** This tab's number among its user's, from 0; the first one counts the user as active and logs out at the end. */
    private final int tab;
    /** Present when the user has more than one tab: the session they share, judged by the history alone. */
    private final Optional<TabsOfUser> tabs;

    /** Where the user is between two calls. */
    private enum Phase { NOT_STARTED, STARTING, AWAITING_ANSWER, WAITING_FOR_A_NODE, HELD, THINKING, STOPPED }

    private final UserSessions sessions;
    private final UserOutcomes outcomes;
    private final UserVisits visits;
    private volatile long stoppedAtNanos;

    /** A user's verdicts at one moment: its sessions by their worst verdict so far, and its responses'. */
    public record Verdicts(SessionVerdictCounts sessions, ResponseVerdictCounts responses) {
    }

    private Phase phase = Phase.NOT_STARTED;
    private boolean active;

    /** The request in progress: what it is for, where it went, and when the cycle and the request started. */
    private UserVisits.Request request;
    private NodeEndpoint node;
    private int attempt;
    private final ReadResend readResend = new ReadResend();
    private final TimeoutRetry timeoutRetry;
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
    /** Whether a node answered the request in progress (any status): a logout's answer decides its cookie. */
    private boolean requestAnswered;

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
        this.sessions = new UserSessions(defaultPath, shapes, script, tabs);
        this.outcomes = new UserOutcomes(index, recording, steady, scriptTally, tabs);
        this.index = index;
        this.plan = plan;
        this.router = router;
        this.recording = recording;
        this.steady = steady;
        this.activeUsers = activeUsers;
        this.random = new SplittableRandom(seed);
        this.visits = new UserVisits(plan, sessions, script, random, defaultPath);
        this.history = new UserHistory(recording.history(), index, tab);
        this.timeoutRetry = new TimeoutRetry(router.balancer(), plan.requestTimeout());
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
                if (tab > 0 && !sessions.singleMade()) {
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
            outcomes.failure(node, ErrorKind.CONNECT, exchange.atMs(), request.type());
            Optional<NodeEndpoint> next = attempt < router.nodes().size() ? nextLiveAfter(node) : Optional.empty();
            if (next.isPresent()) {
                // The request never reached a server, so it goes to the next live node now, as a balancer's does.
                node = next.get();
                attempt++;
                return send();
            }
        } else if (exchange instanceof Exchange.Failed failed && readResend.take(failed, request.reads())) {
            router.markDown(node);
            Optional<NodeEndpoint> next = nextLiveAfter(node);
            if (next.isPresent()) {
                outcomes.failure(node, ErrorKind.IO, failed.atMs(), request.type());
                node = next.get();
                attempt++;
                return send();
            }
        } else if (exchange instanceof Exchange.Failed failed && timeoutRetry.take(failed.kind())) {
            // The balancer gave up on the node; the same request (same id) goes to the node its failover rule picks
            // next, though the first may have applied it: one request in the history, its timed-out attempt counted.
            router.markDown(node);
            Optional<NodeEndpoint> next = nextLiveAfter(node);
            if (next.isPresent()) {
                outcomes.failure(node, ErrorKind.TIMEOUT, failed.atMs(), request.type());
                recording.retriedOnTimeout();
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
            case Exchange.Answered answered -> {
                outcomes.answered(answered, nowNanos, (nowNanos - requestStartNanos) / 1000, request.type(),
                        request.session());
                cookieAnswered(answered);
                visits.answered(request.type(), request.session());
            }
            case Exchange.Failed refused when refused.kind() == ErrorKind.CONNECT -> {
                // every node tried refused; each refusal is recorded above
                request.session().expected.unreached();
                steady.unanswered(nowNanos, responseNanos);
            }
            case Exchange.Failed failed -> {
                // Unknown outcome: the node may have processed it. Leave the node; the next request goes elsewhere.
                router.markDown(node);
                request.session().expected.unknownOutcome();
                outcomes.failure(node, failed.kind(), failed.atMs(), request.type());
                steady.unanswered(nowNanos, responseNanos);
            }
        }
        history.ended(exchange, nowNanos);
        outcomes.requestDone(exchange.atMs(), request.type());
        return outcomeKnown(nowNanos);
    }

    /**
     * What the answer did to the session's cookie, as a browser takes it: one it expired is no longer sent; any
     * answer to a request other than a logout means the user holds a session under its cookie again.
     */
    private void cookieAnswered(Exchange.Answered answered) {
        requestAnswered = true;
        HeldSession held = request.session();
        if (answered.cookieExpired()) {
            held.cookie.set(Optional.empty());
        }
        if (!request.logout()) {
            held.loggedOut = false;
        }
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
        sessions.publish();
        stoppedAtNanos = nowNanos;
        return UserAction.STOP;
    }

    /** The next cycle (a request, then a pause), or the end of the run. */
    private UserAction nextCycle(long nowNanos) {
        if (!plan.over(nowNanos)) {
            cycleStartNanos = nowNanos;
            return request(visits.next(nowNanos), nowNanos);
        }
        if (plan.sessionsAtEnd() == SessionsAtEnd.ENDED && tab == 0) {
            visits.endRun();
            return nextLogoutAtEnd(nowNanos);
        }
        return stop(nowNanos);
    }

    /** Logs out of every session the user still holds, one after the other, as a user leaving does. */
    private UserAction nextLogoutAtEnd(long nowNanos) {
        Optional<UserVisits.Request> logout = visits.nextLogoutAtEnd();
        return logout.isPresent() ? request(logout.get(), nowNanos) : stop(nowNanos);
    }

    /**
     * One user request, sent at once elsewhere while connections are refused. A logout ends the session whatever
     * its outcome: the user has left, and a node that could not end it everywhere answered 503, which is counted.
     */
    private UserAction request(UserVisits.Request next, long nowNanos) {
        RequestType requestType = next.type();
        HeldSession held = next.session();
        held.lastType = requestType;
        request = next;
        requestAnswered = false;
        requestStartNanos = nowNanos;
        try {
            node = router.route(visits.routeFor(held).orElse(null));
        } catch (NoLiveNodeException e) {
            long atMs = System.currentTimeMillis();
            held.expected.unreached();
            outcomes.failure(null, ErrorKind.CONNECT, atMs, requestType);
            outcomes.requestDone(atMs, requestType);
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
        timeoutRetry.newRequest(nowNanos);
        requestId = history.sent(held.cookie.get(), request.logout(), request.reads(), nowNanos);
        return send();
    }

    private UserAction send() {
        phase = Phase.AWAITING_ANSWER;
        router.requestSent(node);
        return new UserAction.Send(node, visits.path(request), request.session().cookie.get(), requestId,
                timeoutRetry.attemptTimeout());
    }

    /** The request's outcome is known; a user the driver holds up waits here first (see {@code held}). */
    private UserAction outcomeKnown(long nowNanos) {
        if (heldNanos > 0 && !visits.ending()) {
            phase = Phase.HELD;
            return pauseUntil(nowNanos + heldNanos);
        }
        return requestEnded(nowNanos);
    }

    /**
     * The request is over, answered or not: end a logged-out session, then pause or go on with the logouts. A logout
     * whose answer left the cookie (the app's {@code invalidate()} alone) leaves it to be sent on the session's next
     * request, as a browser does; one whose answer expired it, or that got no answer (the user has left), drops it.
     */
    private UserAction requestEnded(long nowNanos) {
        if (request.logout()) {
            HeldSession held = request.session();
            held.expected.ended();
            if (requestAnswered && held.cookie.get().isPresent()) {
                held.loggedOut = true;
            } else {
                held.cookie.set(Optional.empty());
            }
        }
        sessions.publishIfAsked();
        if (visits.ending()) {
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

    private Optional<NodeEndpoint> nextLiveAfter(NodeEndpoint down) {
        try {
            return Optional.of(router.route(down.name()));
        } catch (NoLiveNodeException e) {
            return Optional.empty();
        }
    }

    private static boolean isRefused(Exchange exchange) {
        return exchange instanceof Exchange.Failed failed && failed.kind() == ErrorKind.CONNECT;
    }

    /** The node that sent this user's latest response, while the user runs too. */
    public Optional<String> servingNode() {
        return outcomes.servingNode();
    }

    /** Where its requests went, with the sessions it held (none with tabs). */
    public UserTimeline timeline() {
        return outcomes.timeline().withSessions(sessions.judgedSessions()
                .flatMap(held -> held.expected.sessions().stream()).toList());
    }

    /** Its sessions' verdicts; none with tabs, whose session the history judges. */
    public SessionVerdictCounts sessionVerdicts() {
        return sessions.sessionVerdicts();
    }

    public ResponseVerdictCounts responseVerdicts() {
        return sessions.responseVerdicts();
    }

    /**
     * Its verdicts as of its first request's end after the previous call (or as of its stop): safe to read from any
     * thread while it runs. Each call asks for them again, so a reader that calls every few seconds sees each user's
     * verdicts at most one of its intervals and one request old, and a user nobody asks never sums them.
     */
    public Verdicts verdictsSoFar() {
        return sessions.published();
    }

    /**
     * Whether this user was started and, if so, whether it was served or never served; with tabs, the user's and
     * not the tab's, the same from each of its tabs.
     */
    public UsersServed served() {
        return tabs.map(TabsOfUser::served).orElseGet(() -> UsersServed.ofUser(outcomes.hadOutcome(),
                sessions.sessionVerdicts()));
    }

    public long distinctSessions() {
        return sessions.distinctSessions();
    }

    /** When the user's thread ended, in {@link System#nanoTime()} terms; 0 while it runs. */
    public long stoppedAtNanos() {
        return stoppedAtNanos;
    }
}
