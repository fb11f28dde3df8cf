package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The line through readings and where it reaches a limit, on readings made up with a known line and noise. */
class LinearFitTest {

    /** 0.6 at 4,000 users, rising 0.1 per 1,000. */
    private static double truth(double users) {
        return 0.6 + (users - 4_000) / 10_000;
    }

    private static List<LinearFit.Point> readings(Random random, double sd, double... users) {
        List<LinearFit.Point> points = new ArrayList<>();
        for (double u : users) {
            points.add(new LinearFit.Point(u, truth(u) + random.nextGaussian() * sd, 8));
        }
        return points;
    }

    private static double width(LinearFit.Crossing crossing) {
        LinearFit.Crossing.Bounded bounded = (LinearFit.Crossing.Bounded) crossing;
        return bounded.high() - bounded.low();
    }

    @Test
    void anotherSearchsCrossingLiesInThePredictedIntervalAboutNineteenTimesInTwenty() {
        Random random = new Random(20261129);
        int held = 0;
        int heldByConfidence = 0;
        int trials = 1_000;
        double sd = 0.02;
        for (int trial = 0; trial < trials; trial++) {
            LinearFit line = LinearFit.of(readings(random, sd, 3_000, 3_400, 3_800, 4_200, 4_600, 5_000));
            // another search's cluster reads higher or lower by one reading's scatter: its line crosses elsewhere
            double shift = random.nextGaussian() * sd;
            double elsewhere = 4_000 - shift * 10_000;
            LinearFit.Crossing.Bounded next = (LinearFit.Crossing.Bounded) line.predictedCrossing(0.6, 8);
            LinearFit.Crossing.Bounded own = (LinearFit.Crossing.Bounded) line.crossing(0.6);
            held += next.low() <= elsewhere && next.high() >= elsewhere ? 1 : 0;
            heldByConfidence += own.low() <= elsewhere && own.high() >= elsewhere ? 1 : 0;
            assertThat(next.low()).isLessThanOrEqualTo(own.low());
            assertThat(next.high()).isGreaterThanOrEqualTo(own.high());
            assertThat(next.users()).isEqualTo(own.users());
        }
        assertThat(held).isBetween(930, 970);
        assertThat(heldByConfidence).as("the line's own interval does not see the other search's level")
                .isLessThan(900);
    }

    @Test
    void readingsOnTheLineGivePredictedIntervalsWithNoWidth() {
        LinearFit line = LinearFit.of(readings(new Random(1), 0, 3_000, 3_500, 4_500, 5_000));

        assertThat(line.predictedCrossing(0.6, 8)).isInstanceOfSatisfying(LinearFit.Crossing.Bounded.class, b -> {
            assertThat(b.low()).isCloseTo(4_000, within(1e-6));
            assertThat(b.high()).isCloseTo(4_000, within(1e-6));
        });
    }

    @Test
    void readingsOnTheLineGiveItsCrossingWithNoWidth() {
        LinearFit line = LinearFit.of(readings(new Random(1), 0, 3_000, 3_500, 4_500, 5_000));

        assertThat(line.slope()).isCloseTo(1e-4, within(1e-12));
        assertThat(line.crossing(0.6)).isInstanceOfSatisfying(LinearFit.Crossing.Bounded.class, b -> {
            assertThat(b.users()).isCloseTo(4_000, within(1e-6));
            assertThat(b.low()).isCloseTo(4_000, within(1e-6));
            assertThat(b.high()).isCloseTo(4_000, within(1e-6));
        });
    }

    @Test
    void theIntervalHoldsTheTrueCrossingAboutNineteenTimesInTwenty() {
        Random random = new Random(20261128);
        int held = 0;
        int trials = 1_000;
        for (int trial = 0; trial < trials; trial++) {
            LinearFit.Crossing crossing = LinearFit.of(readings(random, 0.02, 3_000, 3_400, 3_800, 4_200, 4_600,
                    5_000)).crossing(0.6);
            if (crossing instanceof LinearFit.Crossing.Bounded b && b.low() <= 4_000 && b.high() >= 4_000) {
                held++;
            }
        }
        // 95% over 1,000 trials: a standard error of 0.7 points
        assertThat(held).isBetween(930, 970);
    }

    @Test
    void noisierReadingsGiveAWiderInterval() {
        double quiet = width(LinearFit.of(readings(new Random(3), 0.01, 3_000, 3_500, 4_000, 4_500, 5_000))
                .crossing(0.6));
        double noisy = width(LinearFit.of(readings(new Random(3), 0.04, 3_000, 3_500, 4_000, 4_500, 5_000))
                .crossing(0.6));

        assertThat(noisy).isGreaterThan(3 * quiet);
    }

    @Test
    void readingsThatScatterMoreThanTheyRiseGiveNoInterval() {
        // 10 points of noise where the line rises 4 points across the steps: the CPU near its limit
        LinearFit line = LinearFit.of(readings(new Random(5), 0.10, 3_800, 3_900, 4_000, 4_100, 4_200));

        assertThat(line.crossing(0.6)).isInstanceOf(LinearFit.Crossing.Unbounded.class);
    }

    @Test
    void aFlatOrFallingLineReachesNoLimit() {
        List<LinearFit.Point> falling = List.of(new LinearFit.Point(1_000, 0.5, 8), new LinearFit.Point(2_000, 0.45, 8),
                new LinearFit.Point(3_000, 0.41, 8));

        assertThat(LinearFit.of(falling).crossing(0.6)).isInstanceOfSatisfying(LinearFit.Crossing.Unbounded.class,
                u -> assertThat(u.users()).isNaN());
    }

    @Test
    void tooFewReadingsOrAllAtOneLoadMakeNoLine() {
        assertThat(LinearFit.of(readings(new Random(1), 0.01, 3_000, 4_000))).isNull();
        assertThat(LinearFit.of(readings(new Random(1), 0.01, 4_000, 4_000, 4_000))).isNull();
    }

    @Test
    void shorterWindowsReadingHigherMoveTheirOwnLevelNotTheCrossing() {
        List<LinearFit.Point> points = new ArrayList<>();
        for (double users : new double[] {2_000, 3_000, 4_000, 5_000}) {
            points.add(new LinearFit.Point(users, truth(users) + 0.05, 8, true));
        }
        for (double users : new double[] {3_800, 4_000, 4_200}) {
            points.add(new LinearFit.Point(users, truth(users), 24, false));
        }

        LinearFit line = LinearFit.of(points);

        assertThat(line.parameters()).isEqualTo(3);
        assertThat(line.offset()).isCloseTo(0.05, within(1e-9));
        assertThat(((LinearFit.Crossing.Bounded) line.crossing(0.6)).users()).isCloseTo(4_000, within(1e-6));
        List<LinearFit.Point> alone = points.stream().map(p -> new LinearFit.Point(p.users(), p.value(), p.weight()))
                .toList();
        assertThat(((LinearFit.Crossing.Bounded) LinearFit.of(alone).crossing(0.6)).users())
                .as("one level for both would put it lower").isLessThan(3_900);
    }

    @Test
    void studentsTNarrowsWithMoreReadings() {
        assertThat(LinearFit.tQuantile95(1)).isEqualTo(12.706);
        assertThat(LinearFit.tQuantile95(4)).isEqualTo(2.776);
        assertThat(LinearFit.tQuantile95(60)).isCloseTo(2.000, within(0.002));
        assertThat(LinearFit.tQuantile95(1_000)).isCloseTo(1.962, within(0.002));
    }
}
