package io.replsim.loadgen.user;

import io.replsim.loadgen.ErrorKind;
import io.replsim.loadgen.NodeEndpoint;
import io.replsim.loadgen.ResponseVerdictCounts;
import io.replsim.loadgen.SessionVerdictCounts;
import io.replsim.loadgen.UserTimeline;
import io.replsim.loadgen.check.ExpectedSession;
import io.replsim.loadgen.check.Verdict;
import io.replsim.loadgen.exchange.CounterClient;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.loadgen.record.RunRecording;
import io.replsim.loadgen.record.TimelineRecorder;
import io.replsim.loadgen.route.NoLiveNodeException;
import io.replsim.loadgen.route.StickyRouter;
import io.replsim.loadgen.steady.SteadyRecording;
import io.replsim.loadgen.think.ThinkMode;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One closed-loop user on its own virtual thread: route, request, judge, record, then think (a pause drawn from the
 * plan's think time, counted from the response or, in cycle-time mode, from the request's start), until the
 * deadline or an interrupt. Its session, expectations and timeline are
 * its own; the driver reads them only after the thread has ended.
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

    private final ExpectedSession expected = new ExpectedSession();
    private final TimelineRecorder timeline;
    private Optional<SessionCookie> cookie = Optional.empty();
    private volatile long stoppedAtNanos;

    public VirtualUser(int index, RunPlan plan, StickyRouter router, CounterClient client, RunRecording recording,
                       SteadyRecording steady, AtomicInteger activeUsers, long seed) {
        this.index = index;
        this.plan = plan;
        this.router = router;
        this.client = client;
        this.recording = recording;
        this.steady = steady;
        this.activeUsers = activeUsers;
        this.random = new SplittableRandom(seed);
        this.timeline = new TimelineRecorder(index);
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
                    request();
                    long requestEnd = System.nanoTime();
                    steady.requestDone(requestStart, requestEnd);
                    think(requestStart);
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

    /** One user request, retried at once elsewhere while connections are refused. */
    private void request() throws InterruptedException {
        long startNanos = System.nanoTime();
        NodeEndpoint node;
        try {
            node = router.route(cookie.flatMap(SessionCookie::route).orElse(null));
        } catch (NoLiveNodeException e) {
            long atMs = System.currentTimeMillis();
            recordFailure(null, ErrorKind.CONNECT, atMs);
            recording.requestDone(atMs);
            // No request left the driver; waiting for the first retry keeps a zero think time from spinning.
            sleepUntil(System.nanoTime() + Math.max(0, Duration.between(Instant.now(), e.retryAt()).toNanos()));
            return;
        }
        Exchange exchange = client.get(node, cookie);
        for (int attempt = 1; isRefused(exchange); attempt++) {
            router.markDown(node);
            recordFailure(node, ErrorKind.CONNECT, exchange.atMs());
            Optional<NodeEndpoint> next = attempt < router.nodes().size() ? nextLiveAfter(node) : Optional.empty();
            if (next.isEmpty()) {
                break;
            }
            // The request never reached a server, so it goes to the next live node now, as a balancer's does.
            node = next.get();
            exchange = client.get(node, cookie);
        }
        switch (exchange) {
            case Exchange.Answered answered -> answered(answered, (System.nanoTime() - startNanos) / 1000);
            case Exchange.Failed refused when refused.kind() == ErrorKind.CONNECT -> {
                // every node tried refused; each refusal is recorded above
            }
            case Exchange.Failed failed -> {
                // Unknown outcome: the node may have processed it. Leave the node; the next request goes elsewhere.
                router.markDown(node);
                recordFailure(node, failed.kind(), failed.atMs());
            }
        }
        recording.requestDone(exchange.atMs());
    }

    private Optional<NodeEndpoint> nextLiveAfter(NodeEndpoint down) {
        try {
            return Optional.of(router.route(down.name()));
        } catch (NoLiveNodeException e) {
            return Optional.empty();
        }
    }

    private void answered(Exchange.Answered answered, long micros) {
        recording.answered(micros);
        steady.answered(System.nanoTime(), micros);
        answered.setCookie().ifPresent(issued -> cookie = Optional.of(issued));
        if (answered.status() != 200 || answered.reply().isEmpty()) {
            recording.error(ErrorKind.HTTP_STATUS, answered.atMs());
            timeline.answeredWithError(answered.node(), answered.atMs());
            return;
        }
        String session = expected.sessionFor(answered.reply().get());
        Verdict verdict = expected.judge(answered.reply().get());
        timeline.answered(answered.node(), answered.atMs() - micros / 1000, answered.atMs(), verdict == Verdict.OK);
        timeline.judged(answered.node(), session, verdict, answered.atMs());
    }

    private void recordFailure(NodeEndpoint node, ErrorKind kind, long atMs) {
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
        return expected.sessionVerdicts();
    }

    public ResponseVerdictCounts responseVerdicts() {
        return expected.responseVerdicts();
    }

    public long distinctSessions() {
        return expected.distinctSessions();
    }

    /** When the user's thread ended, in {@link System#nanoTime()} terms; 0 while it runs. */
    public long stoppedAtNanos() {
        return stoppedAtNanos;
    }
}
