package io.replsim.loadgen.steady;

import io.replsim.loadgen.exchange.ErrorCounts;
import org.HdrHistogram.Histogram;

import java.time.Duration;

/**
 * The run's figures over its steady window, the part after ramp-up and warm-up that a run is judged by.
 *
 * @param from              the window's start, from the run's start
 * @param to                the window's end, from the run's start
 * @param users             the request loops in the system during the window (all of them: the ramp-up is over):
 *                          the users, or with tabs the users times their tabs, since each tab waits for its own answers
 * @param requests          user requests that ended in the window, answered or failed
 * @param latencyMicros     response times of the answered ones
 * @param throughputPerSecond {@code requests} over the window's length
 * @param meanResponseTime  the mean time of every request that ended in the window, failed ones included: the R
 *                          of Little's law (a user waiting for a timeout is as busy as one waiting for an answer)
 * @param meanThinkAsked    the mean pause users asked for (in cycle-time mode, what was left of the cycle)
 * @param meanThinkTaken    the mean pause they got: later than asked when the driver was short of CPU
 * @param thinks            pauses that ended in the window
 * @param missedCycles      cycle-time mode: responses that came after their cycle had ended
 * @param unanswered        user requests whose outcome, in the window, was no answer (refused everywhere, reset,
 *                          timed out, no node to send to); {@code latencyMicros} counts the answered ones
 * @param unansweredTime    their time from the first attempt to the failure, summed
 * @param meanPauseAsked    the mean pause asked after each request whose outcome came in the window: the drawn
 *                          think time, or in cycle-time mode what the drawn cycle left after the response (the Z
 *                          of Little's law, as asked, never as taken)
 * @param edgeCorrection    Little's law's correction for the waits and asked pauses straddling the window's
 *                          edges, each placed from its request's start and its outcome: their parts inside the
 *                          window that X·(R+Z) misses (their outcome came outside it) less their parts outside it
 *                          that X·(R+Z) counts (their outcome came inside); negative when the latter weigh more
 */
public record SteadyWindow(Duration from, Duration to, int users, long requests, ErrorCounts errors,
                           Histogram latencyMicros, double throughputPerSecond, Duration meanResponseTime,
                           Duration meanThinkAsked, Duration meanThinkTaken, long thinks, long missedCycles,
                           long unanswered, Duration unansweredTime, Duration meanPauseAsked,
                           Duration edgeCorrection) {

    public Duration length() {
        return to.minus(from);
    }

    /**
     * The share of attempts that failed, from 0 to 1: a refused-then-retried request counts its refusals too, so
     * failed attempts are taken over every attempt (each answer, any status, and each failure that was no answer),
     * not over user requests, of which one refused on two nodes and answered by a third would count 200%.
     */
    public double errorRatio() {
        long attempts = latencyMicros.getTotalCount() + errors.total() - errors.httpStatus();
        return attempts == 0 ? 0 : errors.total() / (double) attempts;
    }
}
