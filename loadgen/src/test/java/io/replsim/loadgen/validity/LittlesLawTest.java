package io.replsim.loadgen.validity;

import io.replsim.loadgen.steady.SteadyRecording;
import io.replsim.loadgen.steady.SteadyWindow;
import io.replsim.loadgen.think.ThinkMode;
import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.profile.RunPlan;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Little's law from the window's records, fed by hand with the timelines of users on a clock of their own: what
 * the recording holds when users wait, pause, fail and are held up exactly so long.
 */
class LittlesLawTest {

    private static final long MS = 1_000_000;
    private static final DriverCost IDLE_DRIVER = new DriverCost(0.1, 2, Duration.ZERO, Duration.ZERO, 0);

    /** A steady window from 1 s to 11 s; users start 1 ms apart from 0 and loop until 12 s. */
    private static final long STEADY_FROM = 1_000 * MS;
    private static final long DEADLINE = 11_000 * MS;

    /** One user's cycle as it happens; every figure in nanoseconds. */
    private record Cycle(long response, boolean answered, long held, long drawn, long late) {
    }

    /** The {@code n}th cycle of a user, from 0. */
    private interface Cycles {
        Cycle next(SplittableRandom random, int n);
    }

    /**
     * Plays {@code users} users through the window as {@code VirtualUser} records them: the outcome after the
     * response time, the driver's hold, the pause asked (after the response, or what the drawn cycle leaves), the
     * pause taken {@code late} longer.
     */
    private static SteadyWindow play(int users, ThinkMode mode, Cycles cycles) {
        return play(users, mode, cycles, 1);
    }

    /** As {@link #play(int, ThinkMode, Cycles)}, with a recorder that holds each response time {@code scale} times. */
    private static SteadyWindow play(int users, ThinkMode mode, Cycles cycles, long scale) {
        RunPlan plan = new RunPlan(0, STEADY_FROM, DEADLINE, users, Duration.ZERO,
                new ThinkTime.Fixed(Duration.ZERO), mode);
        SteadyRecording steady = new SteadyRecording(plan);
        SplittableRandom random = new SplittableRandom(7);
        for (int user = 0; user < users; user++) {
            long now = user * MS;
            for (int n = 0; now < DEADLINE + 1_000 * MS; n++) {
                Cycle cycle = cycles.next(random, n);
                long start = now;
                long outcome = start + cycle.response();
                steady.waited(start, outcome);
                if (cycle.answered()) {
                    steady.answered(outcome, scale * cycle.response() / 1_000);
                } else {
                    steady.unanswered(outcome, cycle.response());
                }
                long ended = outcome + cycle.held();
                steady.requestDone(start, ended);
                long asked = mode == ThinkMode.CYCLE_TIME ? Math.max(0, cycle.drawn() - cycle.response())
                        : cycle.drawn();
                steady.pauseAsked(outcome, asked);
                long wake = mode == ThinkMode.CYCLE_TIME ? start + cycle.drawn() : ended + cycle.drawn();
                if (wake < ended) {
                    steady.missedCycle(ended);
                    now = ended;
                } else {
                    now = wake + cycle.late();
                    steady.thought(now, wake - ended, now - ended);
                }
            }
        }
        return steady.window(Duration.ofNanos(STEADY_FROM), Duration.ofNanos(DEADLINE));
    }

    private static Cycles fixed(long responseMs, long heldMs, long thinkMs, long lateMs) {
        return (random, n) -> new Cycle(responseMs * MS, true, heldMs * MS, thinkMs * MS, lateMs * MS);
    }

    @Test
    void usersWaitingAndPausingBackToBackAreAllFound() {
        LittlesLaw law = LittlesLaw.of(play(50, ThinkMode.AFTER_RESPONSE, fixed(10, 0, 90, 0)));
        assertThat(law.throughput()).isCloseTo(500, within(5.0));
        assertThat(law.meanResponse().toNanos() / 1e6).isCloseTo(10, within(0.01));
        assertThat(law.meanThink()).isEqualTo(Duration.ofMillis(90));
        assertThat(law.deviation()).isLessThan(0.01);
    }

    @Test
    void aUserHeldUpOnTheDriversSideBetweenAnAnswerAndItsPauseIsMissingFromTheLaw() {
        // 20 ms lost per cycle of 120: X is 50/0.12, and X·(R+Z) finds 100/120 of the users
        SteadyWindow window = play(50, ThinkMode.AFTER_RESPONSE, fixed(10, 20, 90, 0));
        LittlesLaw law = LittlesLaw.of(window);
        assertThat(law.impliedUsers()).isCloseTo(50 * 100 / 120.0, within(0.5));
        assertThat(law.deviation()).isCloseTo(20 / 120.0, within(0.01));
        assertThat(law.unaccountedPerRequest().toNanos() / 1e6).isCloseTo(20, within(0.5));
        // the hold is neither response time as recorded nor a late pause: Little's law is the only rule to see it
        RunValidity validity = ValidityRules.judge(window, IDLE_DRIVER);
        assertThat(validity.valid()).isFalse();
        assertThat(validity.reasons()).singleElement().asString().contains("Little's law fails")
                .contains("but 50 were driven").contains("ms per request outside R and Z");
    }

    @Test
    void pausesTakenLateAreMissingToo() {
        LittlesLaw law = LittlesLaw.of(play(50, ThinkMode.AFTER_RESPONSE, fixed(10, 0, 90, 10)));
        assertThat(law.meanThink()).as("Z as asked, not as taken").isEqualTo(Duration.ofMillis(90));
        assertThat(law.deviation()).isCloseTo(10 / 110.0, within(0.01));
    }

    @Test
    void requestsWithNoAnswerCountWithTheirTimeToFailure() {
        // every fourth request times out after 500 ms; its user then pauses as after an answer
        int[] count = {0};
        Cycles someTimeOut = (random, n) -> ++count[0] % 4 == 0
                ? new Cycle(500 * MS, false, 0, 90 * MS, 0) : new Cycle(10 * MS, true, 0, 90 * MS, 0);
        SteadyWindow window = play(50, ThinkMode.AFTER_RESPONSE, someTimeOut);
        assertThat(window.unanswered()).isPositive();
        LittlesLaw law = LittlesLaw.of(window);
        assertThat(window.unansweredTime()).isEqualTo(Duration.ofMillis(500).multipliedBy(window.unanswered()));
        long answered = window.latencyMicros().getTotalCount();
        assertThat(law.meanResponse().toNanos() / 1e6).isCloseTo(
                (answered * 10 + window.unanswered() * 500) / (double) (answered + window.unanswered()), within(0.1));
        assertThat(law.deviation()).isLessThan(0.01);
    }

    @Test
    void zIsThePausesDrawnSoARandomThinkTimesSamplingNoiseIsNoDeviation() {
        ThinkTime think = ThinkTime.NegativeExponential.withMean(Duration.ofMillis(90));
        SteadyWindow window = play(5, ThinkMode.AFTER_RESPONSE,
                (random, n) -> new Cycle(10 * MS, true, 0, think.sampleNanos(random), 0));
        LittlesLaw law = LittlesLaw.of(window);
        // ~500 pauses: their mean strays from 90 ms by several percent, and the law does not care
        assertThat(law.meanThink()).isNotEqualTo(think.mean());
        assertThat(law.deviation()).isLessThan(0.03);
    }

    @Test
    void inCycleTimeModeUsersAskForWhatTheCycleLeavesSoTimeLostInsideTheCycleIsNoDeviation() {
        // a 100 ms cycle, 10 ms responses, 20 ms held: the user still sends every 100 ms, as asked
        LittlesLaw kept = LittlesLaw.of(play(50, ThinkMode.CYCLE_TIME, fixed(10, 20, 100, 0)));
        assertThat(kept.meanThink()).isEqualTo(Duration.ofMillis(90));
        assertThat(kept.throughput()).isCloseTo(500, within(5.0));
        assertThat(kept.deviation()).isLessThan(0.01);

        // responses longer than the cycle: each user asks for no pause, R + Z is the response
        SteadyWindow missed = play(50, ThinkMode.CYCLE_TIME, fixed(150, 0, 100, 0));
        assertThat(LittlesLaw.of(missed).meanThink()).isEqualTo(Duration.ZERO);
        assertThat(LittlesLaw.of(missed).deviation()).isLessThan(0.01);
        assertThat(ValidityRules.judge(missed, IDLE_DRIVER).reasons()).singleElement().asString()
                .contains("cycles were missed");

        // held past the cycle's end: the next cycle starts late, and that is lost
        LittlesLaw late = LittlesLaw.of(play(50, ThinkMode.CYCLE_TIME, fixed(10, 120, 100, 0)));
        assertThat(late.deviation()).isCloseTo(30 / 130.0, within(0.01));
    }

    @Test
    void aRecorderHoldingTwiceTheResponseTimesUsersSawMovesTheDeviationPastTheLimit() {
        // R 10 ms and Z 90 ms as the users lived them; the recorder says R is 20 ms, so X·(R+Z) finds 55 users
        SteadyWindow window = play(50, ThinkMode.AFTER_RESPONSE, fixed(10, 0, 90, 0), 2);
        LittlesLaw law = LittlesLaw.of(window);
        assertThat(law.meanResponse().toNanos() / 1e6).isCloseTo(20, within(0.05));
        assertThat(law.impliedUsers()).isCloseTo(55, within(0.5));
        assertThat(law.deviation()).isCloseTo(0.10, within(0.01)).isGreaterThan(ValidityRules.LITTLES_LAW_TOLERANCE);
        assertThat(ValidityRules.judge(window, IDLE_DRIVER).reasons()).singleElement().asString()
                .contains("Little's law fails").contains("but 50 were driven")
                .contains("response times recorded longer than the users waited");
    }

    @Test
    void aWindowOpeningOnSlowResponsesCountsOnlyTheirPartInsideIt() {
        // every user's first request takes 1.5 s from about 0: it ends 0.5 s into the window, which opens at 1 s
        Cycles coldStart = (random, n) -> n == 0
                ? new Cycle(1_500 * MS, true, 0, 90 * MS, 0) : new Cycle(10 * MS, true, 0, 90 * MS, 0);
        SteadyWindow window = play(50, ThinkMode.AFTER_RESPONSE, coldStart);
        LittlesLaw law = LittlesLaw.of(window);
        // counted whole, the slow requests' second before the window makes X·(R+Z) 5 users (10%) too many
        double whole = law.throughput() * (law.meanResponse().toNanos() + law.meanThink().toNanos()) / 1e9;
        assertThat(whole).isCloseTo(55, within(0.5));
        assertThat(law.edgeUsers()).isCloseTo(-5, within(0.5));
        assertThat(law.impliedUsers()).isCloseTo(50, within(0.05));
        assertThat(law.deviation()).isLessThan(0.001);
    }

    @Test
    void anEmptyWindowImpliesNoUsers() {
        SteadyWindow window = new SteadyRecording(new RunPlan(0, STEADY_FROM, DEADLINE, 3, Duration.ZERO,
                new ThinkTime.Fixed(Duration.ZERO), ThinkMode.AFTER_RESPONSE))
                .window(Duration.ofNanos(STEADY_FROM), Duration.ofNanos(DEADLINE));
        LittlesLaw law = LittlesLaw.of(window);
        assertThat(law.impliedUsers()).isZero();
        assertThat(law.unaccountedPerRequest()).isEqualTo(Duration.ZERO);
    }

}
