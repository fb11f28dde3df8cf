package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.replsim.node.stats.NodeStatsReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A node's CPU figure over a closed load's steady window leaves out the ramp-up's compiling: a cost comparison
 * between two scopes must not be decided by how cold their nodes were.
 */
class NodeCpuFigureTest {

    /** Readings of one process: 0.6 cores in the first 5 s (the JIT), 0.2 cores after. */
    private static final List<CpuSample> COLD_THEN_WARM = List.of(
            new CpuSample(1_000, 0, 0, 0.66),
            new CpuSample(6_000, 5_000, 3_000, 0.66),
            new CpuSample(11_000, 10_000, 4_000, 0.66),
            new CpuSample(16_000, 15_000, 5_000, 0.66));

    @Test
    void theSteadyWindowsCpuIsBetweenTheReadingsInsideIt() {
        assertThat(NodeCpuFigure.coresWithin(COLD_THEN_WARM, 6_000, 16_000)).hasValueCloseTo(0.2, within(1e-9));
        // the whole load reads the cold seconds too
        assertThat(NodeCpuFigure.coresWithin(COLD_THEN_WARM, Long.MIN_VALUE, Long.MAX_VALUE))
                .hasValueCloseTo(5_000 / 15_000.0, within(1e-9));
    }

    @Test
    void aNodeWithTooFewReadingsInTheWindowIsLabelledWithWhatItsFigureCoversNotTheWindow() {
        NodeStatsReport.Cpu own = new NodeStatsReport.Cpu(0.66, 0.5, 0.76, 1_000, 5_000, 15_000);
        assertThat(NodeCpuFigure.over(COLD_THEN_WARM, own, 6_000, 16_000, "steady window"))
                .isEqualTo(new NodeCpuFigure(0.2, "steady window", null));
        // killed 1.5 s into a window from 10 s: one reading inside, so the figure is over all of its readings
        NodeCpuFigure killedEarly = NodeCpuFigure.over(COLD_THEN_WARM.subList(0, 3), own, 10_000, 20_000,
                "steady window");
        assertThat(killedEarly.over()).isEqualTo("whole load");
        assertThat(killedEarly.cores()).isCloseTo(4_000 / 10_000.0, within(1e-9));
        // one reading in all: the node's own rate over its last window, and said so
        assertThat(NodeCpuFigure.over(COLD_THEN_WARM.subList(0, 1), own, 10_000, 20_000, "steady window"))
                .isEqualTo(new NodeCpuFigure(0.5, "one reading: the node's own last 1000 ms", null));
    }

    @Test
    void aWindowHoldingFewerThanTwoReadingsHasNoFigureOfItsOwn() {
        assertThat(NodeCpuFigure.coresWithin(COLD_THEN_WARM, 6_500, 11_500)).isEmpty();
        assertThat(NodeCpuFigure.coresWithin(List.of(), 0, 20_000)).isEmpty();
    }

    @Test
    void theCompilersShareIsOverTheWindowsReadingsAndNotMeasuredWithoutThem() {
        List<CpuSample> compiling = List.of(
                new CpuSample(1_000, 0, 0, 0.66, 0L),
                new CpuSample(6_000, 5_000, 3_000, 0.66, 2_400L),
                new CpuSample(16_000, 15_000, 5_000, 0.66, 2_500L));
        NodeStatsReport.Cpu own = new NodeStatsReport.Cpu(0.66, 0.2, 0.3, 1_000, 5_000, 15_000);

        // the window's 2,000 ms of CPU, 100 of them the JIT's: the cold start's 2,400 are outside it
        assertThat(NodeCpuFigure.over(compiling, own, 6_000, 16_000, "steady window").compilerShare())
                .isCloseTo(0.05, within(1e-9));
        assertThat(NodeCpuFigure.over(COLD_THEN_WARM, own, 6_000, 16_000, "steady window").compilerShare()).isNull();
    }

    /**
     * A restarted node's readings are kept over both its processes (its CPU chart draws both), and the figures taken
     * between a first and a last reading take its latest process's alone: 0.2 cores, not a fall across the restart.
     */
    @Test
    void aRestartedNodesFiguresTakeItsLatestProcessWhileItsReadingsKeepBoth() {
        List<CpuSample> restarted = List.of(new CpuSample(1_000, 0, 0, 1), new CpuSample(2_000, 1_000, 900, 1),
                new CpuSample(3_000, 100, 10, 1), new CpuSample(4_000, 1_100, 210, 1),
                new CpuSample(5_000, 2_100, 410, 1));
        ClusterReadings readings = new ClusterReadings(0, null, List.of(), java.util.Map.of(),
                java.util.Map.of("node1", restarted), java.util.Map.of());

        assertThat(readings.cpu().get("node1")).hasSize(5);
        assertThat(readings.latestProcessCpu().get("node1")).containsExactlyElementsOf(restarted.subList(2, 5));
        assertThat(NodeCpuFigure.coresWithin(readings.latestProcessCpu().get("node1"), 0, 10_000))
                .hasValueCloseTo(0.2, within(1e-9));
    }
}

