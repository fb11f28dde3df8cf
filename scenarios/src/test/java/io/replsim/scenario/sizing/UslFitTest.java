package io.replsim.scenario.sizing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class UslFitTest {

    private static final UslModel TRUE_LAW = new UslModel(500, 0.05, 0.01);

    private static List<CapacityPoint> pointsOf(UslModel law, double noise, int... nodes) {
        SplittableRandom random = new SplittableRandom(7);
        return IntStream.of(nodes).mapToObj(n -> new CapacityPoint(n,
                law.capacity(n) * (1 + noise * (2 * random.nextDouble() - 1)))).toList();
    }

    @Test
    void exactPointsGiveBackTheLawTheyCameFrom() {
        UslFit fit = UslFit.of(pointsOf(TRUE_LAW, 0, 1, 2, 3, 4, 6, 8));
        assertThat(fit.model().gamma()).isCloseTo(500, within(1.0));
        assertThat(fit.model().sigma()).isCloseTo(0.05, within(0.002));
        assertThat(fit.model().kappa()).isCloseTo(0.01, within(0.0005));
        assertThat(fit.rmse()).isLessThan(1.0);
        assertThat(fit.maxRelativeError()).isLessThan(0.005);
        assertThat(fit.model().peakNodes()).isCloseTo(Math.sqrt(0.95 / 0.01), within(0.5));
    }

    @Test
    void noisyPointsWithoutASingleNodeStillFitWithinTheirNoiseAndSayHowFarOff() {
        UslFit fit = UslFit.of(pointsOf(TRUE_LAW, 0.03, 2, 3, 4, 5, 6));
        assertThat(fit.maxRelativeError()).isLessThan(0.06);
        for (int n = 2; n <= 6; n++) {
            assertThat(fit.model().capacity(n)).isCloseTo(TRUE_LAW.capacity(n), within(TRUE_LAW.capacity(n) * 0.06));
        }
        assertThat(fit.rmse()).isPositive();
    }

    @Test
    void linearScalingFitsWithoutContentionOrCrosstalk() {
        UslFit fit = UslFit.of(List.of(new CapacityPoint(1, 100), new CapacityPoint(2, 200), new CapacityPoint(4, 400)));
        assertThat(fit.model().sigma()).isCloseTo(0, within(1e-6));
        assertThat(fit.model().kappa()).isCloseTo(0, within(1e-6));
        assertThat(fit.model().peakNodes()).isInfinite();
    }

    @Test
    void oneClusterSizeIsNotEnoughToFit() {
        assertThatThrownBy(() -> UslFit.of(List.of(new CapacityPoint(3, 300), new CapacityPoint(3, 310))))
                .hasMessageContaining("2 cluster sizes or more");
    }

    @Test
    void nodesNeededAbsorbOneLossAndNoneWhenTheLawPeaksBelowTheTarget() {
        // C(1..3) = 500, 934.6, 1293.1: 1,250 users need 3 nodes surviving, so 4
        NodesNeeded nodes = NodesNeeded.of(TRUE_LAW, 1_250, 64);
        assertThat(nodes.nodes()).hasValue(4);
        assertThat(nodes.capacityAtNm1()).isCloseTo(1_293.1, within(0.1));
        assertThat(TRUE_LAW.capacity(2)).isLessThan(1_250);

        double peak = TRUE_LAW.capacity((int) Math.round(TRUE_LAW.peakNodes()));
        assertThat(TRUE_LAW.ceiling()).isEqualTo(peak);
        assertThat(NodesNeeded.of(TRUE_LAW, peak * 1.5, 64).nodes()).isEmpty();
        // contention alone levels off at γ/σ
        assertThat(new UslModel(180, 0.2, 0).ceiling()).isCloseTo(900, within(1e-9));
    }

    @Test
    void memoryAndThreadsFollowTheirFormulas() {
        MemoryPerNode memory = new MemoryPerNode(10_000, 4096, 2, 4);
        assertThat(memory.bytesPerNode()).isEqualTo(10_000 * 4096 * 2 / 4.0);
        assertThat(memory.bytesPerSurvivor()).isEqualTo(10_000 * 4096 * 2 / 3.0);

        // 1,000 req/s over 3 survivors, 60 ms each: 20 busy threads, 24 with 20% headroom
        WorkerThreads threads = new WorkerThreads(1_000, 3, 0.060);
        assertThat(threads.busyThreads()).isCloseTo(20, within(1e-9));
        assertThat(threads.threads()).isEqualTo(24);
    }

    @Test
    void pointsParseFromTheCommandLineForm() {
        assertThat(CapacityPoint.parse(" 3:450 ")).isEqualTo(new CapacityPoint(3, 450));
        assertThatThrownBy(() -> CapacityPoint.parse("3-450")).hasMessageContaining("nodes:users");
    }
}
