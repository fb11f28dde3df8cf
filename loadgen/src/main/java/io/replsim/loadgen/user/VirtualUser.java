package io.replsim.loadgen.user;

import io.replsim.loadgen.ErrorKind;
import io.replsim.loadgen.NodeEndpoint;
import io.replsim.loadgen.ResponseVerdictCounts;
import io.replsim.loadgen.SessionVerdictCounts;
import io.replsim.loadgen.SessionsAtEnd;
import io.replsim.loadgen.UserTimeline;
import io.replsim.loadgen.check.ExpectedSession;
import io.replsim.loadgen.check.Verdict;
import io.replsim.loadgen.exchange.CounterClient;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.loadgen.record.RunRecording;
import io.replsim.loadgen.record.ScriptTally;
import io.replsim.loadgen.record.TimelineRecorder;
import io.replsim.loadgen.route.NoLiveNodeException;
import io.replsim.loadgen.route.StickyRouter;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.steady.SteadyRecording;
import io.replsim.loadgen.think.ThinkMode;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * One closed-loop user on its own virtual thread: route, request, judge, record, then think (a pause drawn from the
 * plan's think time, counted from the response or, in cycle-time mode, from the request's start), until the
 * deadline or an interrupt. Its session, expectations and timeline are
 * its own; the driver reads them only after the thread has ended.
 *
 * <p>With a user script, the user draws each request's type by weight and holds one session per app the script
 * touches (the apps keep their state apart); a new session goes to the node of the user's previous one, as a
 * balancer keeps a browser on one node, so the user's timeline stays one node's until a failover.
 *
 * <p>With a session length, the user's visits end: once a visit has lasted its drawn length, each request ends one
 * session the user holds (the app's logout, judged like any request) until it holds none; then the next request
 * starts a new visit, with new sessions on whichever node the balancer picks, so load moves onto nodes that joined
 * or came back.
 */
public final class VirtualUser implements Runnable {

    private final int index;
    private final RunPlan plan;
    private final StickyRouter router;
    private final CounterClient client;
    private final RunRecording recording;
    private final SteadyRecording steady;
    private final AtomicInteger activeUsers;
    private final SplittableRandom random;

    private final Optional<UserScript> script;
    private final ScriptTally scriptTally;

    /** A session this user holds: the cookie it sends and what the session must look like. */
    private static final class HeldSession {
        final ExpectedSession expected = new ExpectedSession();
        Optional<SessionCookie> cookie = Optional.empty();
        /** The type of the last request on this session, whose app serves its logout; null without a script. */
        RequestType lastType;
    }

    /** The user's only session without a script. */
    private final HeldSession single = new HeldSession();
    private final Map<RequestType.SessionKind, HeldSession> byKind = new EnumMap<>(RequestType.SessionKind.class);
    private final TimelineRecorder timeline;
    private final String logoutPath;
    private Optional<String> lastRoute = Optional.empty();
    /** When the current visit ends, in {@link System#nanoTime()} terms; only with a session length. */
    private OptionalLong visitEndsAtNanos = OptionalLong.empty();
    private volatile long stoppedAtNanos;

    public VirtualUser(int index, RunPlan plan, StickyRouter router, CounterClient client, RunRecording recording,
                       SteadyRecording steady, AtomicInteger activeUsers, long seed) {
        this(index, plan, router, client, recording, steady, activeUsers, seed, Optional.empty(), null);
    }

    /** @param scriptTally where the script's per-type counts go; used only with a script */
    public VirtualUser(int index, RunPlan plan, StickyRouter router, CounterClient client, RunRecording recording,
                       SteadyRecording steady, AtomicInteger activeUsers, long seed, Optional<UserScript> script,
                       ScriptTally scriptTally) {
        this.script = script;
        this.scriptTally = scriptTally;
        this.index = index;
        this.plan = plan;
        this.router = router;
        this.client = client;
        this.recording = recording;
        this.steady = steady;
        this.activeUsers = activeUsers;
        this.random = new SplittableRandom(seed);
        this.timeline = new TimelineRecorder(index);
        this.logoutPath = LogoutPath.of(client.defaultPath());
    }

    @Override
    public void run() {
        try {
            sleepUntil(plan.startNanosOf(index));
            if (plan.over(System.nanoTime())) {
                return;
            }
            activeUsers.incrementAndGet();
            try {
                while (!plan.over(System.nanoTime()) && !Thread.currentThread().isInterrupted()) {
                    long requestStart = System.nanoTime();
                    step(requestStart);
                    long requestEnd = System.nanoTime();
                    steady.requestDone(requestStart, requestEnd);
                    think(requestStart);
                }
                if (plan.sessionsAtEnd() == SessionsAtEnd.ENDED && !Thread.currentThread().isInterrupted()) {
                    endHeldSessions();
                }
            } finally {
                activeUsers.decrementAndGet();
            }
        } catch (InterruptedException stop) {
            // close(): the user stops where it is; an interrupted request is not counted.
        } finally {
            stoppedAtNanos = System.nanoTime();
        }
    }

    /**
     * One pause. How long it really took is recorded beside what was asked, since a driver short of CPU wakes its
     * users late and so adds think time nobody asked for; a pause cut short by the deadline says nothing about
     * that and is left out.
     */
    private void think(long requestStartNanos) throws InterruptedException {
        long from = System.nanoTime();
        long sampled = plan.thinkTime().sampleNanos(random);
        long wake = plan.thinkMode() == ThinkMode.CYCLE_TIME ? requestStartNanos + sampled : from + sampled;
        if (wake - from < 0) {
            steady.missedCycle(from);
            return;
        }
        sleepUntil(wake);
        long now = System.nanoTime();
        steady.paused(from, now);
        if (now - wake >= 0) {
            recording.thought(now - from);
            steady.thought(now, wake - from, now - from);
        }
    }

    /** The next request of the visit, or, once the visit is over, the logout of one session the user holds. */
    private void step(long nowNanos) throws InterruptedException {
        if (visitEndsAtNanos.isPresent() && nowNanos - visitEndsAtNanos.getAsLong() >= 0) {
            Optional<HeldSession> open = heldSessions().filter(held -> held.cookie.isPresent()).findFirst();
            if (open.isPresent()) {
                HeldSession session = open.get();
                request(session.lastType, session, true);
                return;
            }
            visitEndsAtNanos = OptionalLong.empty();
            lastRoute = Optional.empty();
        }
        if (visitEndsAtNanos.isEmpty() && plan.sessionLength().isPresent()) {
            visitEndsAtNanos = OptionalLong.of(nowNanos + plan.visitNanos(random));
        }
        // null without a script: every request is the profile's path on the user's one session
        RequestType type = script.map(mix -> mix.draw(random)).orElse(null);
        request(type, type == null ? single : byKind.computeIfAbsent(type.session(), kind -> new HeldSession()), false);
    }

    /** Logs out of every session this user still holds, one after the other, as a user leaving does. */
    private void endHeldSessions() throws InterruptedException {
        List<HeldSession> open = heldSessions().filter(held -> held.cookie.isPresent()).toList();
        for (HeldSession session : open) {
            request(session.lastType, session, true);
        }
    }

    private Stream<HeldSession> heldSessions() {
        return Stream.concat(Stream.of(single), byKind.values().stream());
    }

    /**
     * One user request, retried at once elsewhere while connections are refused. A logout ends the session whatever
     * its outcome: the user has left, and a node that could not end it everywhere answered 503, which is counted.
     */
    private void request(RequestType type, HeldSession session, boolean logout) throws InterruptedException {
        session.lastType = type;
        Optional<SessionCookie> cookie = session.cookie;
        try {
            exchange(type, session, cookie, logout);
        } finally {
            if (logout) {
                session.expected.ended();
                session.cookie = Optional.empty();
            }
        }
    }

    private void exchange(RequestType type, HeldSession session, Optional<SessionCookie> cookie, boolean logout)
            throws InterruptedException {
        long startNanos = System.nanoTime();
        NodeEndpoint node;
        try {
            node = router.route(cookie.flatMap(SessionCookie::route).or(() -> lastRoute).orElse(null));
        } catch (NoLiveNodeException e) {
            long atMs = System.currentTimeMillis();
            recordFailure(null, ErrorKind.CONNECT, atMs, type);
            requestDone(atMs, type);
            // No request left the driver; waiting for the first retry keeps a zero think time from spinning.
            sleepUntil(System.nanoTime() + Math.max(0, Duration.between(Instant.now(), e.retryAt()).toNanos()));
            return;
        }
        Exchange exchange = send(node, type, cookie, logout);
        for (int attempt = 1; isRefused(exchange); attempt++) {
            router.markDown(node);
            recordFailure(node, ErrorKind.CONNECT, exchange.atMs(), type);
            Optional<NodeEndpoint> next = attempt < router.nodes().size() ? nextLiveAfter(node) : Optional.empty();
            if (next.isEmpty()) {
                break;
            }
            // The request never reached a server, so it goes to the next live node now, as a balancer's does.
            node = next.get();
            exchange = send(node, type, cookie, logout);
        }
        switch (exchange) {
            case Exchange.Answered answered -> answered(answered, (System.nanoTime() - startNanos) / 1000, type, session);
            case Exchange.Failed refused when refused.kind() == ErrorKind.CONNECT -> {
                // every node tried refused; each refusal is recorded above
            }
            case Exchange.Failed failed -> {
                // Unknown outcome: the node may have processed it. Leave the node; the next request goes elsewhere.
                router.markDown(node);
                session.expected.unknownOutcome();
                recordFailure(node, failed.kind(), failed.atMs(), type);
            }
        }
        requestDone(exchange.atMs(), type);
    }

    private Exchange send(NodeEndpoint node, RequestType type, Optional<SessionCookie> cookie, boolean logout)
            throws InterruptedException {
        if (type == null) {
            return logout ? client.get(node, logoutPath, cookie) : client.get(node, cookie);
        }
        return client.get(node, logout ? LogoutPath.of(type.path()) : type.path(), cookie);
    }

    private void requestDone(long atMs, RequestType type) {
        recording.requestDone(atMs);
        if (type != null) {
            scriptTally.requestDone(type);
        }
    }

    private Optional<NodeEndpoint> nextLiveAfter(NodeEndpoint down) {
        try {
            return Optional.of(router.route(down.name()));
        } catch (NoLiveNodeException e) {
            return Optional.empty();
        }
    }

    private void answered(Exchange.Answered answered, long micros, RequestType type, HeldSession session) {
        if (type == null) {
            recording.answered(micros);
        } else {
            recording.answered(scriptTally.tagIndex(type), micros);
        }
        steady.answered(System.nanoTime(), micros);
        answered.setCookie().ifPresent(issued -> session.cookie = Optional.of(issued));
        if (type != null) {
            session.cookie.flatMap(SessionCookie::route).ifPresent(route -> lastRoute = Optional.of(route));
        }
        if (answered.status() != 200 || answered.reply().isEmpty()) {
            if (answered.status() >= 500) {
                // e.g. a failed sync replication's 503: the node kept the change, and may have made the session
                session.expected.unknownOutcome();
            }
            recording.error(ErrorKind.HTTP_STATUS, answered.atMs());
            if (type != null) {
                scriptTally.error(type, ErrorKind.HTTP_STATUS);
            }
            timeline.answeredWithError(answered.node(), answered.atMs());
            return;
        }
        String sessionId = session.expected.sessionFor(answered.reply().get());
        Verdict verdict = type == null ? session.expected.judge(answered.reply().get())
                : session.expected.judge(answered.reply().get(), type.serialRule());
        if (type != null) {
            scriptTally.judged(type, verdict);
        }
        timeline.answered(answered.node(), answered.atMs() - micros / 1000, answered.atMs(), verdict == Verdict.OK);
        timeline.judged(answered.node(), sessionId, verdict, answered.atMs());
    }

    private void recordFailure(NodeEndpoint node, ErrorKind kind, long atMs, RequestType type) {
        if (type != null) {
            scriptTally.error(type, kind);
        }
        recording.error(kind, atMs);
        steady.error(System.nanoTime(), kind);
        timeline.failure(node == null ? null : node.name(), kind, atMs);
    }

    private static boolean isRefused(Exchange exchange) {
        return exchange instanceof Exchange.Failed failed && failed.kind() == ErrorKind.CONNECT;
    }

    /** Sleeps until {@code wakeNanos}, but never past the deadline. */
    private void sleepUntil(long wakeNanos) throws InterruptedException {
        long until = Math.min(wakeNanos, plan.deadlineNanos());
        long remaining = until - System.nanoTime();
        if (remaining > 0) {
            Thread.sleep(Duration.ofNanos(remaining));
        }
    }

    /** The node that sent this user's latest response, while the user runs too. */
    public Optional<String> servingNode() {
        return timeline.servingNode();
    }

    public UserTimeline timeline() {
        return timeline.timeline();
    }

    public SessionVerdictCounts sessionVerdicts() {
        SessionVerdictCounts counts = single.expected.sessionVerdicts();
        for (HeldSession held : byKind.values()) {
            counts = counts.plus(held.expected.sessionVerdicts());
        }
        return counts;
    }

    public ResponseVerdictCounts responseVerdicts() {
        ResponseVerdictCounts counts = single.expected.responseVerdicts();
        for (HeldSession held : byKind.values()) {
            counts = counts.plus(held.expected.responseVerdicts());
        }
        return counts;
    }

    public long distinctSessions() {
        long count = single.expected.distinctSessions();
        for (HeldSession held : byKind.values()) {
            count += held.expected.distinctSessions();
        }
        return count;
    }

    /** When the user's thread ended, in {@link System#nanoTime()} terms; 0 while it runs. */
    public long stoppedAtNanos() {
        return stoppedAtNanos;
    }
}
