package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.replsim.scenario.report.chart.ChartAxis;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The response-time chart of 30 seconds whose answers took 20 ms (half of them), 40 ms (90%) and 100 ms, but all 2 s
 * in second 10.
 */
class LatencyChartTest {
    private static final long START = ThroughputChartTest.START;
    // the plot: 26 px from the top, 184 px high
    private static final double HEIGHT = 184;

    private static List<LatencyInterval> intervals() {
        List<LatencyInterval> intervals = new ArrayList<>();
        for (int s = 0; s < 30; s++) {
            Histogram micros = new Histogram(3);
            if (s == 10) {
                micros.recordValueWithCount(2_000_000, 100);
            } else {
                micros.recordValueWithCount(20_000, 50);
                micros.recordValueWithCount(40_000, 40);
                micros.recordValueWithCount(100_000, 10);
            }
            intervals.add(new LatencyInterval(START + s * 1000L, START + s * 1000L + 1000, micros));
        }
        return intervals;
    }

    @Test
    void p50P90AndP99AreEachTheirOwnLineOnTheLogAxisWithTheLimitLabelled() {
        List<LatencyInterval> intervals = intervals();
        String svg = LatencyChart.svg(new TimeFrame(30_000, List.of()), intervals, START, 800);

        // the axis: from 10 ms (the decade below the smallest p50) to the 2 s second's p99 × 1.1
        LatencyInterval spike = intervals.get(10);
        ChartAxis axis = new ChartAxis.Logarithmic(10, spike.micros().getValueAtPercentile(99) / 1000.0 * 1.1, "ms");
        double x = 60 + 0.5 * ThroughputChartTest.PX_PER_SECOND;
        LatencyInterval first = intervals.getFirst();
        assertThat(ChartPoints.of(svg, LatencyChart.P50).yNear(x)).isCloseTo(y(axis, first, 50), within(0.1));
        assertThat(ChartPoints.of(svg, LatencyChart.P90).yNear(x)).isCloseTo(y(axis, first, 90), within(0.1));
        assertThat(ChartPoints.of(svg, LatencyChart.P99).yNear(x)).isCloseTo(y(axis, first, 99), within(0.1));
        assertThat(y(axis, first, 90) - y(axis, first, 99)).as("p90 and p99 apart").isGreaterThan(25);
        // second 10's p50 is its 2 s spike
        assertThat(ChartPoints.of(svg, LatencyChart.P50).yNear(60 + 10.5 * ThroughputChartTest.PX_PER_SECOND))
                .isCloseTo(y(axis, spike, 50), within(0.1)).isLessThan(40);
        assertThat(svg).containsPattern("<line [^>]*stroke=\"#06c\" stroke-dasharray=\"4 3\"><title>p90 limit 800 ms"
                + "</title></line>\n<text [^>]*>p90 limit 800 ms</text>");
        assertThat(svg).contains(">p50</text>").contains(">p90</text>").contains(">p99</text>");
    }

    private static double y(ChartAxis axis, LatencyInterval interval, double percentile) {
        return 26 + HEIGHT - axis.up(interval.micros().getValueAtPercentile(percentile) / 1000.0, HEIGHT);
    }
}
