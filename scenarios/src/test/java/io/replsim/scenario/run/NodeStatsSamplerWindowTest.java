package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.report.CpuSample;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A node's CPU figure over a closed load's steady window leaves out the ramp-up's compiling: a cost comparison
 * between two scopes must not be decided by how cold their nodes were.
 */
class NodeStatsSamplerWindowTest {

    /** Readings of one process: 0.6 cores in the first 5 s (the JIT), 0.2 cores after. */
    private static final List<CpuSample> COLD_THEN_WARM = List.of(
            new CpuSample(1_000, 0, 0, 0.66),
            new CpuSample(6_000, 5_000, 3_000, 0.66),
            new CpuSample(11_000, 10_000, 4_000, 0.66),
            new CpuSample(16_000, 15_000, 5_000, 0.66));

    @Test
    void theSteadyWindowsCpuIsBetweenTheReadingsInsideIt() {
        assertThat(NodeStatsSampler.coresWithin(COLD_THEN_WARM, 6_000, 16_000)).hasValueCloseTo(0.2, within(1e-9));
        // the whole load reads the cold seconds too
        assertThat(NodeStatsSampler.coresWithin(COLD_THEN_WARM, Long.MIN_VALUE, Long.MAX_VALUE))
                .hasValueCloseTo(5_000 / 15_000.0, within(1e-9));
    }

    @Test
    void aNodeWithTooFewReadingsInTheWindowIsLabelledWithWhatItsFigureCoversNotTheWindow() {
        NodeStatsReport.Cpu own = new NodeStatsReport.Cpu(0.66, 0.5, 0.76, 1_000, 5_000, 15_000);
        assertThat(NodeStatsSampler.cpuOver(COLD_THEN_WARM, 6_000, 16_000, "steady window", own))
                .isEqualTo(new NodeStatsSampler.CpuFigure(0.2, "steady window"));
        // killed 1.5 s into a window from 10 s: one reading inside, so the figure is over all of its readings
        NodeStatsSampler.CpuFigure killedEarly = NodeStatsSampler.cpuOver(COLD_THEN_WARM.subList(0, 3), 10_000,
                20_000, "steady window", own);
        assertThat(killedEarly.over()).isEqualTo("whole load");
        assertThat(killedEarly.cores()).isCloseTo(4_000 / 10_000.0, within(1e-9));
        // one reading in all: the node's own rate over its last window, and said so
        assertThat(NodeStatsSampler.cpuOver(COLD_THEN_WARM.subList(0, 1), 10_000, 20_000, "steady window", own))
                .isEqualTo(new NodeStatsSampler.CpuFigure(0.5, "one reading: the node's own last 1000 ms"));
    }

    @Test
    void aWindowHoldingFewerThanTwoReadingsHasNoFigureOfItsOwn() {
        assertThat(NodeStatsSampler.coresWithin(COLD_THEN_WARM, 6_500, 11_500)).isEmpty();
        assertThat(NodeStatsSampler.coresWithin(List.of(), 0, 20_000)).isEmpty();
    }
}
