package io.replsim.loadgen.user;

import io.replsim.loadgen.LoadProfile;

import java.time.Duration;

/**
 * When each user starts and when every user stops, in {@link System#nanoTime()} terms, fixed at the run's start.
 */
public record RunPlan(long startNanos, long deadlineNanos, int users, Duration rampUp, Duration thinkTime) {

    public static RunPlan from(LoadProfile profile, long startNanos) {
        return new RunPlan(startNanos, startNanos + profile.duration().toNanos(), profile.users(), profile.rampUp(),
                profile.thinkTime());
    }

    /** User {@code user} (from 0) starts {@code rampUp · user / users} after the start, so starts are spread evenly. */
    public long startNanosOf(int user) {
        return startNanos + rampUp.multipliedBy(user).dividedBy(users).toNanos();
    }

    public boolean over(long nowNanos) {
        return nowNanos - deadlineNanos >= 0;
    }
}
