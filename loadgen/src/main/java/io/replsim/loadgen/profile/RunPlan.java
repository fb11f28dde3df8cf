package io.replsim.loadgen.profile;

import io.replsim.loadgen.think.ThinkMode;
import io.replsim.loadgen.think.ThinkTime;

import java.time.Duration;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * When each user starts, when the steady window opens and when every user stops, in {@link System#nanoTime()}
 * terms, fixed at the run's start; how users think, how long they keep a session (empty: the whole run), and
 * whether they end the sessions they hold when the run is over; how many request loops (tabs) each user runs; which
 * of the {@code users} this driver runs ({@code share}: all, or a load agent's); how long a user waits for a request
 * in all ({@code requestTimeout}: a balancer that retries on a timeout gives its second node what is left of it).
 */
public record RunPlan(long startNanos, long steadyStartNanos, long deadlineNanos, int users, Duration rampUp,
                      ThinkTime thinkTime, ThinkMode thinkMode, Optional<Duration> sessionLength,
                      SessionsAtEnd sessionsAtEnd, int tabs, UserShare share, Duration requestTimeout) {

    public RunPlan(long startNanos, long steadyStartNanos, long deadlineNanos, int users, Duration rampUp,
                   ThinkTime thinkTime, ThinkMode thinkMode) {
        this(startNanos, steadyStartNanos, deadlineNanos, users, rampUp, thinkTime, thinkMode, Optional.empty(),
                SessionsAtEnd.KEPT, 1, UserShare.WHOLE, LoadProfile.DEFAULT_REQUEST_TIMEOUT);
    }

    public static RunPlan from(LoadProfile profile, long startNanos) {
        return new RunPlan(startNanos, startNanos + profile.steadyStart().toNanos(),
                startNanos + profile.duration().toNanos(), profile.users(), profile.rampUp(), profile.thinkTime(),
                profile.thinkMode(), profile.sessionLength(), profile.sessionsAtEnd(), profile.tabs(),
                profile.share(), profile.requestTimeout());
    }

    /**
     * How long one visit lasts: uniform between half and one and a half times the session length, so that users who
     * started together do not all log out together.
     */
    public long visitNanos(SplittableRandom random) {
        long mean = sessionLength.orElseThrow(() -> new IllegalStateException("users keep their sessions")).toNanos();
        return (long) (mean * (0.5 + random.nextDouble()));
    }

    /** User {@code user} (from 0) starts {@code rampUp · user / users} after the start, so starts are spread evenly. */
    public long startNanosOf(int user) {
        return startNanos + rampUp.multipliedBy(user).dividedBy(users).toNanos();
    }

    /** The request loops this driver runs at once: each of its users' tabs. */
    public int loops() {
        return share.count(users) * tabs;
    }

    public boolean over(long nowNanos) {
        return nowNanos - deadlineNanos >= 0;
    }

    /** Whether an event at {@code nanos} falls in the steady window {@code [steadyStart, deadline)}. */
    public boolean inSteadyWindow(long nanos) {
        return nanos - steadyStartNanos >= 0 && nanos - deadlineNanos < 0;
    }
}
