package io.replsim.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class BandTest {

    @Test
    void fromThreeRoundsTheMedianFollowsTheSpread() {
        assertThat(Band.of(List.of(1.82, 1.18, 1.49)).formatWithMedian("%.2f")).isEqualTo("1.18-1.82 (median 1.49)");
    }

    @Test
    void anEvenNumberOfRoundsTakesTheMeanOfTheMiddleTwo() {
        assertThat(Band.of(List.of(1.1, 1.2, 1.4, 1.9)).median()).isCloseTo(1.3, within(1e-9));
    }

    @Test
    void fewerThanThreeRoundsGiveNoMedian() {
        assertThat(Band.of(List.of(1.45, 1.67)).formatWithMedian("%.2f")).isEqualTo("1.45-1.67");
    }

    @Test
    void noRoundsGiveADash() {
        assertThat(Band.of(List.of()).formatWithMedian("%.2f")).isEqualTo("-");
    }
}
