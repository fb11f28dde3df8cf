package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.replsim.scenario.report.chart.Palette;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each node's CPU between the runner's readings, against its budget, with the 60% ceiling. */
class NodeCpuChartTest {
    private static final long START = ThroughputChartTest.START;

    /** node1 on 0.66 cores: 330 ms of CPU in its first second, a restart, then 660 ms in a second. */
    private static Map<String, List<CpuInterval>> node1() {
        return CpuInterval.of(Map.of("node1", List.of(
                new CpuSample(START, 0, 0, 0.66),
                new CpuSample(START + 1_000, 1_000, 330, 0.66),
                new CpuSample(START + 2_000, 500, 100, 0.66),
                new CpuSample(START + 3_000, 1_500, 760, 0.66))), START);
    }

    @Test
    void eachIntervalIsTheCpuUsedOverTheNodesOwnClockAgainstItsBudgetAndARestartMeasuresNone() {
        List<CpuInterval> intervals = node1().get("node1");

        assertThat(intervals).hasSize(2);
        assertThat(intervals.get(0).fromMs()).isZero();
        assertThat(intervals.get(0).toMs()).isEqualTo(1_000);
        assertThat(intervals.get(0).utilization()).isCloseTo(0.5, within(1e-9));
        assertThat(intervals.get(1).fromMs()).isEqualTo(2_000);
        assertThat(intervals.get(1).utilization()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void aNodesLineSitsAtItsShareOfTheBudgetUnderTheCeiling() {
        String svg = NodeCpuChart.html(new TimeFrame(30_000, List.of()), node1(), 0.6);

        // 0 to 100% over 164 px from 190 px down: 50% at 108 px, the ceiling at 60%
        ChartPoints line = ChartPoints.of(svg, Palette.colour(0));
        assertThat(line.points()).hasSize(2);
        assertThat(line.yNear(60 + 0.5 * ThroughputChartTest.PX_PER_SECOND)).isCloseTo(108, within(0.1));
        assertThat(line.yNear(60 + 2.5 * ThroughputChartTest.PX_PER_SECOND)).isCloseTo(26, within(0.1));
        assertThat(svg).containsPattern("y1=\"91.6\" [^>]*stroke=\"#b00\" stroke-dasharray=\"4 3\"><title>60% ceiling");
        assertThat(svg).contains(">node1</text>").contains(">60% ceiling</text>");
    }

    @Test
    void withoutReadingsTheChartSaysSo() {
        assertThat(NodeCpuChart.html(new TimeFrame(30_000, List.of()), Map.of(), 0.6))
                .startsWith("<p>No node's CPU readings are in this run directory");
    }
}
