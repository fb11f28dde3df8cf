package io.replsim.scenario.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RoundValuesTest {

    @Test
    void anAxisIsLabelledAtOneTwoOrFiveTimesAPowerOfTenWithinTheMostAsked() {
        assertThat(RoundValues.upTo(45, 12)).containsExactly(0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 35.0, 40.0, 45.0);
        assertThat(RoundValues.upTo(100, 5)).containsExactly(0.0, 20.0, 40.0, 60.0, 80.0, 100.0);
        assertThat(RoundValues.upTo(0.9, 5)).containsExactly(0.0, 0.2, 0.4, 0.6000000000000001, 0.8);
        assertThat(RoundValues.upTo(0, 5)).containsExactly(0.0);
    }

    @Test
    void wholeValuesAreWrittenWithoutDecimals() {
        assertThat(RoundValues.text(40)).isEqualTo("40");
        assertThat(RoundValues.text(0.6000000000000001)).isEqualTo("0.6");
    }
}
