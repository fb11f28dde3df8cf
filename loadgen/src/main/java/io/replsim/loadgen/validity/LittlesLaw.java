package io.replsim.loadgen.validity;

import io.replsim.loadgen.steady.SteadyWindow;

import java.time.Duration;

/**
 * Little's law for a closed loop, N = X·(R + Z), over the steady window. Every user is always either waiting for a
 * response or thinking, so the users implied by the measured X, R and Z must match the users driven; when they do
 * not, users spent time the driver did not account for (stalled on its side, started late, stuck).
 * <p>
 * R and Z here count the time inside the window per request that ended in it: a request that started before the
 * window counts only its part inside, one still running at its end counts its part too. With whole requests a
 * short window that opens on a few slow ones (a cold JIT, a queue still settling) is off by a whole cycle per user,
 * which is the window's fault, not the driver's.
 *
 * @param users        N, users driven
 * @param throughput   X, requests per second
 * @param impliedUsers X·(R + Z)
 * @param deviation    |X·(R + Z) − N| / N
 */
public record LittlesLaw(int users, double throughput, Duration meanResponse, Duration meanThink, double impliedUsers,
                         double deviation) {

    /** From a window's figures: X over the window, R and Z as the time inside it per request ended in it. */
    public static LittlesLaw of(SteadyWindow window) {
        long requests = Math.max(1, window.requests());
        return of(window.users(), window.throughputPerSecond(), window.waitingInWindow().dividedBy(requests),
                window.thinkingInWindow().dividedBy(requests));
    }

    public static LittlesLaw of(int users, double throughput, Duration meanResponse, Duration meanThink) {
        double implied = throughput * (meanResponse.toNanos() + meanThink.toNanos()) / 1e9;
        return new LittlesLaw(users, throughput, meanResponse, meanThink, implied,
                users == 0 ? 0 : Math.abs(implied - users) / users);
    }
}
