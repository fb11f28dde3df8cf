package io.replsim.loadgen.validity;

import io.replsim.loadgen.steady.SteadyWindow;
import org.HdrHistogram.Histogram;

import java.time.Duration;

/**
 * Little's law for a closed loop, N = X·(R + Z), over the steady window, from three measurements that do not
 * depend on each other (Faban's check): X the requests whose outcome came in the window, over its length; R the
 * response time users saw, from the recorder the report prints; Z the pause users asked for. Every user is always
 * either waiting for a response or pausing as asked, so when the users implied fall short of the users driven, the
 * driver lost the difference somewhere between those measurements: a user held up on its side between an answer
 * and its next step or before a send, woken late from a pause, started late or stuck. None of it is in R or Z,
 * so it cannot cancel out.
 * <p>
 * Z is the pause as asked, never as taken: the mean of the pauses drawn in the window, whose expectation is the
 * configured distribution's mean ({@link io.replsim.loadgen.think.ThinkTime#mean()}). The drawn pauses rather than
 * that mean itself, because over a window's 1,600 pauses of a negative-exponential think time (a 200-user capacity
 * step) the drawn mean strays ±2.5% (one standard deviation) from the distribution's, which would make a healthy
 * run INVALID one time in twenty by chance. In cycle-time mode a user asks for what the drawn cycle leaves after
 * the response it saw (nothing when the response outlasted it), so R + Z is the longer of the cycle and the
 * response, not the configured cycle alone.
 * <p>
 * Requests with no answer (refused by every node, reset, timed out, no node to send to) count in X like answered
 * ones, with their time to failure as their R: their users waited for them and then paused as after an answer.
 * Leaving them out would count a user waiting 5 s for a timeout as a user the driver lost, blaming the driver for
 * the server's failures. HTTP errors (a 503) are answers and are in the recorder already.
 * <p>
 * X, R and Z are over the requests whose outcome came in the window, so a cycle straddling one of its edges counts
 * whole or not at all. In a steady loop the parts outside and the parts missing balance, but a window that opens
 * on slow responses (cold nodes just after the ramp-up) counts their time before the window too: up to a cycle
 * per user, which in the quickstart's 40 s window covered a 2.4% think drift and printed 0.0% off. So the users
 * implied are X·(R+Z) plus {@code edgeUsers}, a correction from the straddling waits and asked pauses alone: each
 * placed in time (a wait from its request's start to its outcome, a pause from that outcome), their parts inside
 * the window that X·(R+Z) missed added and their parts outside it that X·(R+Z) counted taken away. Little's law
 * over a finite window, exact. The places come from the same measurements (a request's start, its outcome, the
 * pause asked), never from when the user really went on, so the driver's lost time stays out; and since the
 * correction never holds a wait or pause wholly inside the window, X, R and Z are each read once: a recorder that
 * doubled R would double R's part of the users implied (an earlier correction, every wait's and pause's part
 * inside the window less X·(R+Z), cancelled X·(R+Z) exactly and so judged only whether the users' recorded waits
 * and pauses covered the window).
 *
 * @param users        N, users driven
 * @param throughput   X, requests per second
 * @param meanResponse R, over answered and unanswered requests alike
 * @param meanThink    Z, as asked
 * @param edgeUsers    the correction for the cycles straddling the window's edges: their parts outside it counted
 *                     by X·(R+Z) (negative) and their parts inside it that it missed (positive)
 * @param impliedUsers X·(R + Z) + edgeUsers
 * @param deviation    |impliedUsers − N| / N
 */
public record LittlesLaw(int users, double throughput, Duration meanResponse, Duration meanThink, double edgeUsers,
                         double impliedUsers, double deviation) {

    /** From a window's recorded answers, failures and pauses asked; see the class comment for what each is. */
    public static LittlesLaw of(SteadyWindow window) {
        Histogram answers = window.latencyMicros();
        long answered = answers.getTotalCount();
        long requests = answered + window.unanswered();
        double seconds = window.length().toNanos() / 1e9;
        double throughput = seconds > 0 ? requests / seconds : 0;
        long meanResponseNanos = requests == 0 ? 0 : Math.round(
                (answers.getMean() * 1_000 * answered + window.unansweredTime().toNanos()) / requests);
        Duration meanResponse = Duration.ofNanos(meanResponseNanos);
        double edgeUsers = seconds > 0 ? window.edgeCorrection().toNanos() / 1e9 / seconds : 0;
        return of(window.users(), throughput, meanResponse, window.meanPauseAsked(), edgeUsers);
    }

    public static LittlesLaw of(int users, double throughput, Duration meanResponse, Duration meanThink,
                                double edgeUsers) {
        double implied = throughput * (meanResponse.toNanos() + meanThink.toNanos()) / 1e9 + edgeUsers;
        return new LittlesLaw(users, throughput, meanResponse, meanThink, edgeUsers, implied,
                users == 0 ? 0 : Math.abs(implied - users) / users);
    }

    /**
     * The time per request the users spent outside R and Z: (N − implied) / X. Positive when the driver lost time,
     * negative when users did more than N could at the R and Z measured (pauses shorter than asked).
     */
    public Duration unaccountedPerRequest() {
        if (throughput <= 0) {
            return Duration.ZERO;
        }
        return Duration.ofNanos(Math.round((users - impliedUsers) / throughput * 1e9));
    }
}
