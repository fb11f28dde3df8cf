package io.replsim.scenario.report.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ChartAxisTest {
    private static final double HEIGHT = 170;

    /** The quickstart's shape: p90 3 ms, p99 9 ms, one failover second at 820 ms. */
    @Test
    void aFailoverSpikeLeavesTheSteadyP90AndP99LinesApartOnTheLogarithmicAxis() {
        ChartAxis log = ChartAxis.Logarithmic.over(3, 820 * 1.1, "ms");
        ChartAxis linear = new ChartAxis.Linear(820 * 1.1, "ms");

        assertThat(log.up(9, HEIGHT) - log.up(3, HEIGHT)).as("pixels between 3 ms and 9 ms, log")
                .isGreaterThan(25);
        assertThat(linear.up(9, HEIGHT) - linear.up(3, HEIGHT)).as("the same on a linear axis").isLessThan(2);
    }

    @Test
    void theFloorIsThePowerOfTenBelowTheSmallestValueAndEachDecadeIsLabelled() {
        ChartAxis.Logarithmic axis = ChartAxis.Logarithmic.over(0.4, 960, "ms");

        assertThat(axis.floor()).isCloseTo(0.1, within(1e-12));
        assertThat(axis.labels()).extracting(ChartAxis.Label::text)
                .containsExactly("0.1 ms", "1 ms", "10 ms", "100 ms");
        assertThat(axis.up(0.1, HEIGHT)).isZero();
        assertThat(axis.up(960, HEIGHT)).isCloseTo(HEIGHT, within(1e-9));
    }

    @Test
    void valuesOutsideTheAxisSitOnItsEnds() {
        ChartAxis.Logarithmic axis = new ChartAxis.Logarithmic(1, 1000, "ms");

        assertThat(axis.up(0, HEIGHT)).isZero();
        assertThat(axis.up(5000, HEIGHT)).isCloseTo(HEIGHT, within(1e-9));
        assertThat(new ChartAxis.Linear(100, "req/s").up(250, HEIGHT)).isCloseTo(HEIGHT, within(1e-9));
    }

    @Test
    void aLogarithmicAxisNeedsAPositiveFloorBelowItsTop() {
        assertThatThrownBy(() -> new ChartAxis.Logarithmic(0, 10, "ms"))
                .hasMessageContaining("0 < floor < top");
        assertThatThrownBy(() -> new ChartAxis.Logarithmic(10, 10, "ms"))
                .hasMessageContaining("0 < floor < top");
    }
}
