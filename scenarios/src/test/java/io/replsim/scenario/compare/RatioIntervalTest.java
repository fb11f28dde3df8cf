package io.replsim.scenario.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A ratio's 95% interval, on a log scale: Student's t over the rounds for a figure read once a round, the searches'
 * own intervals (or t, when wider) for users sustained; "differs" only when the interval excludes 1.0.
 */
class RatioIntervalTest {

    /** A search answer bound by CPU, its interval for another search's answer ±{@code spread} of it. */
    private static SearchFigures search(int users, double spread) {
        return new SearchFigures(users, users, users, (int) Math.round(users * (1 - spread)),
                (int) Math.round(users * (1 + spread)), "fit", List.of("CPU"), "VALID", "users");
    }

    private static SearchFigures capped(int users) {
        return new SearchFigures(users, users, users, users, users, "steps", List.of(), "VALID", "users");
    }

    @Test
    void twoRoundsThatAgreeShowADifference() {
        // logs 0.2624 and 0.2776: mean 0.2700, sd 0.0108, t(1) 12.706 x sd / sqrt(2) = 0.0970
        RatioInterval interval = RatioInterval.overRounds(List.of(1.30, 1.32)).orElseThrow();

        assertThat(interval.ratio()).isCloseTo(1.310, within(0.001));
        assertThat(interval.low()).isCloseTo(1.189, within(0.002));
        assertThat(interval.high()).isCloseTo(1.443, within(0.002));
        assertThat(interval.basis()).isEqualTo("t over 2 rounds");
        assertThat(interval.verdict()).isEqualTo(RatioVerdict.DIFFERS);
    }

    @Test
    void roundsOnBothSidesOfOneShowNoDifference() {
        RatioInterval interval = RatioInterval.overRounds(List.of(1.10, 0.95, 1.02)).orElseThrow();

        assertThat(interval.low()).isLessThan(1);
        assertThat(interval.high()).isGreaterThan(1);
        assertThat(interval.verdict()).isEqualTo(RatioVerdict.NO_DIFFERENCE_SHOWN);
    }

    @Test
    void aRatioBelowOneOnBothEndsDiffersToo() {
        assertThat(RatioInterval.overRounds(List.of(0.70, 0.72, 0.71)).orElseThrow().verdict())
                .isEqualTo(RatioVerdict.DIFFERS);
    }

    @Test
    void oneRoundHasNoIntervalAndShowsNoDifferenceHoweverFarItsRatio() {
        RatioInterval interval = RatioInterval.overRounds(List.of(3.0)).orElseThrow();

        assertThat(interval.low()).isNull();
        assertThat(interval.high()).isNull();
        assertThat(interval.format()).isEqualTo("3.00 (..-..)");
        assertThat(interval.verdict()).isEqualTo(RatioVerdict.NO_DIFFERENCE_SHOWN);
        assertThat(RatioInterval.overRounds(List.of())).isEmpty();
    }

    @Test
    void searchesFarerApartThanTheirIntervalsDiffer() {
        // each ±5%: log spread ln(1.05/0.95)/3.92 = 0.0255; the ratio's 1.96 x sqrt(2) x 0.0255 = 0.0708
        RatioInterval interval = RatioInterval.ofSearches(List.of(
                new RatioInterval.SearchedRound(search(1300, 0.05), search(1000, 0.05)))).orElseThrow();

        assertThat(interval.ratio()).isCloseTo(1.30, within(1e-9));
        assertThat(interval.low()).isCloseTo(1.211, within(0.002));
        assertThat(interval.high()).isCloseTo(1.395, within(0.002));
        assertThat(interval.basis()).isEqualTo("the searches' own intervals");
        assertThat(interval.verdict()).isEqualTo(RatioVerdict.DIFFERS);
    }

    @Test
    void searchesWithinEachOthersIntervalsShowNoDifference() {
        RatioInterval interval = RatioInterval.ofSearches(List.of(
                new RatioInterval.SearchedRound(search(1050, 0.10), search(1000, 0.10)))).orElseThrow();

        assertThat(interval.low()).isLessThan(1);
        assertThat(interval.verdict()).isEqualTo(RatioVerdict.NO_DIFFERENCE_SHOWN);
    }

    @Test
    void roundsThatDisagreeMoreThanTheSearchesIntervalsWidenTheInterval() {
        // each round alone would differ (1.30 and 1.05, ±2% searches), but the rounds disagree: t over them wins
        RatioInterval interval = RatioInterval.ofSearches(List.of(
                new RatioInterval.SearchedRound(search(1300, 0.02), search(1000, 0.02)),
                new RatioInterval.SearchedRound(search(1050, 0.02), search(1000, 0.02)))).orElseThrow();

        assertThat(interval.basis()).startsWith("t over 2 rounds (wider than the searches' own intervals)");
        assertThat(interval.low()).isLessThan(1);
        assertThat(interval.verdict()).isEqualTo(RatioVerdict.NO_DIFFERENCE_SHOWN);
    }

    @Test
    void aVariantAtItsCapSustainedAtLeastItsRatio() {
        RatioInterval above = RatioInterval.ofSearches(List.of(
                new RatioInterval.SearchedRound(capped(2000), search(1000, 0.05)))).orElseThrow();
        RatioInterval belowItsReference = RatioInterval.ofSearches(List.of(
                new RatioInterval.SearchedRound(capped(500), search(1000, 0.05)))).orElseThrow();

        assertThat(above.high()).isNull();
        assertThat(above.low()).isGreaterThan(1);
        assertThat(above.verdict()).as("at least twice the reference").isEqualTo(RatioVerdict.DIFFERS);
        assertThat(belowItsReference.basis()).endsWith("; the variant has an answer the cluster's limits did not bind"
                + " (a cap, the driver or the machine): at least this ratio");
        assertThat(belowItsReference.verdict()).as("its cap, not its capacity, is below")
                .isEqualTo(RatioVerdict.NO_DIFFERENCE_SHOWN);
    }

    @Test
    void aVariantTheDriverBoundSustainedAtLeastItsRatioAndAReferenceAtMost() {
        SearchFigures driverBound = new SearchFigures(9600, 9600, 9810, 9600, 9810, "steps", List.of("VALIDITY"),
                "VALID", "users");

        RatioInterval variant = RatioInterval.ofSearches(List.of(
                new RatioInterval.SearchedRound(driverBound, search(4500, 0.2)))).orElseThrow();
        RatioInterval reference = RatioInterval.ofSearches(List.of(
                new RatioInterval.SearchedRound(search(4500, 0.2), driverBound))).orElseThrow();

        assertThat(variant.high()).isNull();
        assertThat(variant.low()).isGreaterThan(1);
        assertThat(variant.verdict()).isEqualTo(RatioVerdict.DIFFERS);
        assertThat(reference.low()).isNull();
        assertThat(reference.high()).isLessThan(1);
        assertThat(reference.basis()).endsWith("; the reference has an answer the cluster's limits did not bind (a"
                + " cap, the driver or the machine): at most this ratio");
        assertThat(reference.verdict()).isEqualTo(RatioVerdict.DIFFERS);
    }

    @Test
    void aRoundWithoutAnAnswerGivesNoRatio() {
        SearchFigures none = new SearchFigures(0, 0, 0, 0, 0, "steps", List.of("LATENCY"), "VALID", "users");

        assertThat(RatioInterval.ofSearches(List.of(new RatioInterval.SearchedRound(none, search(1000, 0.05)))))
                .isEmpty();
    }
}
