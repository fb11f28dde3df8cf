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

    /** node2 on 1 core: 0.4 cores for 3 s, a restart at 3.5 s, 0.8 cores for 2 s from 4 s. */
    private static Map<String, List<CpuInterval>> restartedNode2() {
        return CpuInterval.of(Map.of("node2", List.of(
                new CpuSample(START, 0, 0, 1), new CpuSample(START + 1_000, 1_000, 400, 1),
                new CpuSample(START + 2_000, 2_000, 800, 1), new CpuSample(START + 3_000, 3_000, 1_200, 1),
                new CpuSample(START + 4_000, 200, 50, 1), new CpuSample(START + 5_000, 1_200, 850, 1),
                new CpuSample(START + 6_000, 2_200, 1_650, 1))), START);
    }

    @Test
    void aNodesLineSitsAtItsShareOfTheBudgetUnderTheCeiling() {
        String svg = NodeCpuChart.html(new TimeFrame(30_000, List.of()), node1(), 0.6);

        // 0 to 100% over 164 px from 190 px down: 50% at 108 px, the ceiling at 60%; a reading on each side of the
        // restart: a dot each
        assertThat(svg).containsPattern("<circle class=\"cpu\" cx=\"[0-9.]+\" cy=\"108.0\"[^>]*fill=\""
                + Palette.colour(0) + "\"").containsPattern("<circle class=\"cpu\" cx=\"[0-9.]+\" cy=\"26.0\"");
        assertThat(svg).containsPattern("y1=\"91.6\" [^>]*stroke=\"#b00\" stroke-dasharray=\"4 3\"><title>60% ceiling");
        assertThat(svg).contains(">node1</text>").contains(">60% ceiling</text>");
    }

    /**
     * A restarted node is one series with a gap: its first process's readings and its new process's, no line across
     * the restart, where the pair of readings across it measures nothing.
     */
    @Test
    void aRestartedNodesCpuIsBothProcessesReadingsWithAGapBetween() {
        String svg = NodeCpuChart.html(new TimeFrame(30_000, List.of()), restartedNode2(), 0.6);
        List<String> lines = java.util.regex.Pattern.compile("<polyline [^>]*stroke=\"" + Palette.colour(0)
                + "\"[^>]*points=\"([^\"]*)\"").matcher(svg).results().map(match -> match.group(1)).toList();

        assertThat(lines).as(svg).hasSize(2);
        double x3 = 60 + 3 * ThroughputChartTest.PX_PER_SECOND;
        assertThat(ChartPoints.of(svg, Palette.colour(0)).points()).as("the first process: 0.4 cores, up to 3 s")
                .hasSize(3).allSatisfy(point -> assertThat(point[1]).isCloseTo(124.4, within(0.1)))
                .allSatisfy(point -> assertThat(point[0]).isLessThan(x3));
        assertThat(lines.get(1).trim().split(" ")).as("the second process: 0.8 cores, from 4 s").hasSize(2)
                .allSatisfy(point -> assertThat(Double.parseDouble(point.split(",")[1])).isCloseTo(58.8, within(0.1)))
                .allSatisfy(point -> assertThat(Double.parseDouble(point.split(",")[0])).isGreaterThan(x3));
    }

    @Test
    void withoutReadingsTheChartSaysSo() {
        assertThat(NodeCpuChart.html(new TimeFrame(30_000, List.of()), Map.of(), 0.6))
                .startsWith("<p>No node's CPU readings are in this run directory");
    }
}
