package io.replsim.scenario.report;

import io.replsim.scenario.fault.FaultEvidence;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.replsim.loadgen.record.Second;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A made-up 40-second run with a fault at 20 s: every figure worked out by hand. */
class FaultImpactAnalysisTest {
    private static final FaultEvidence READ_BACK = FaultEvidence.confirmed("read back in the test");

    private static final long START = 1_700_000_000_000L;

    private static FaultReport killAt20s(Long failoverMs) {
        return new FaultReport("kill", "node2", List.of("node2"), "node2", "", 20_000, START + 20_000, null, 1_000L,
                null, List.of(), 10, 10, 0, failoverMs, failoverMs, failoverMs, null, READ_BACK);
    }

    /** 100 req/s and 20 ms everywhere, except seconds 20-22: 10 req/s, 5 errors each, p90 at 2 s. */
    private static FaultImpactAnalysis.Records records() {
        List<Second> seconds = new ArrayList<>();
        List<LatencyInterval> intervals = new ArrayList<>();
        for (int s = 0; s < 40; s++) {
            boolean spike = s >= 20 && s <= 22;
            seconds.add(new Second(START / 1000 + s, spike ? 10 : 100, spike ? 5 : 0));
            Histogram histogram = new Histogram(3);
            histogram.recordValueWithCount(spike ? 2_000_000 : 20_000, 10);
            intervals.add(new LatencyInterval(START + s * 1000L, START + s * 1000L + 1000, histogram));
        }
        // node1 and node3 use 0.3 of a 1-core budget before the fault, 0.45 after; node2 0.3 until it dies
        Map<String, List<CpuSample>> cpu = Map.of(
                "node1", List.of(new CpuSample(START + 10_000, 10_000, 0, 1), new CpuSample(START + 20_000, 20_000, 3_000, 1),
                        new CpuSample(START + 21_000, 21_000, 3_300, 1), new CpuSample(START + 30_000, 30_000, 7_350, 1)),
                "node2", List.of(new CpuSample(START + 10_000, 10_000, 0, 1), new CpuSample(START + 20_000, 20_000, 3_000, 1)),
                "node3", List.of(new CpuSample(START + 10_000, 10_000, 0, 1), new CpuSample(START + 20_000, 20_000, 3_000, 1),
                        new CpuSample(START + 21_000, 21_000, 3_300, 1), new CpuSample(START + 30_000, 30_000, 7_350, 1)));
        return new FaultImpactAnalysis.Records(START, Duration.ofSeconds(5), Duration.ofSeconds(40), seconds,
                intervals, cpu, Duration.ofMillis(800), 0.6);
    }

    @Test
    void theWindowRunsTenSecondsOrFiveBeyondTheLastFailover() {
        var analysis = new FaultImpactAnalysis(records());

        assertThat(analysis.analyse(killAt20s(3_000L)).windowToMs()).isEqualTo(30_000);
        assertThat(analysis.analyse(killAt20s(8_000L)).windowToMs()).isEqualTo(33_000);
        assertThat(analysis.analyse(killAt20s(30_000L)).windowToMs()).as("never past the load").isEqualTo(40_000);
    }

    @Test
    void errorsSpikeDipAndRecoveryComeFromTheWindowAgainstTheTenSecondsBefore() {
        FaultImpact impact = new FaultImpactAnalysis(records()).analyse(killAt20s(3_000L));

        assertThat(impact.errors()).isEqualTo(15);
        assertThat(impact.throughputBefore()).isEqualTo(100.0);
        assertThat(impact.lowestThroughput()).isEqualTo(10.0);
        assertThat(impact.throughputDip()).isCloseTo(0.9, within(1e-9));
        assertThat(impact.p99BeforeMs()).isCloseTo(20.0, within(0.1));
        assertThat(impact.maxWindowMs()).isCloseTo(2_000.0, within(2.0));
        assertThat(impact.p90BackUnderBoundAfterMs()).as("the last bad second ends at 23 s").isEqualTo(3_000);
    }

    /** 100 req/s; from {@code fromSecond} on, every second's p90 is 2 s, or nothing is answered at all. */
    private static FaultImpactAnalysis.Records slowFrom(int fromSecond, boolean answered) {
        List<Second> seconds = new ArrayList<>();
        List<LatencyInterval> intervals = new ArrayList<>();
        for (int s = 0; s < 40; s++) {
            boolean bad = s >= fromSecond;
            seconds.add(new Second(START / 1000 + s, bad && !answered ? 0 : 100, 0));
            Histogram histogram = new Histogram(3);
            if (!bad || answered) {
                histogram.recordValueWithCount(bad ? 2_000_000 : 20_000, 10);
            }
            intervals.add(new LatencyInterval(START + s * 1000L, START + s * 1000L + 1000, histogram));
        }
        return new FaultImpactAnalysis.Records(START, Duration.ofSeconds(5), Duration.ofSeconds(40), seconds,
                intervals, Map.of(), Duration.ofMillis(800), 0.6);
    }

    @Test
    void p90ThatStaysAboveItsBoundToTheEndOfTheWindowNeverCameBack() {
        FaultImpact impact = new FaultImpactAnalysis(slowFrom(20, true)).analyse(killAt20s(3_000L));

        assertThat(impact.p90BackUnderBoundAfterMs()).as("not the end of the window: p90 never came back").isNull();
        assertThat(impact.p90NeverBackUnderBound()).isTrue();
    }

    @Test
    void aWindowWithNoAnswersAtAllIsNotARecovery() {
        FaultImpact impact = new FaultImpactAnalysis(slowFrom(20, false)).analyse(killAt20s(3_000L));

        assertThat(impact.p90BackUnderBoundAfterMs()).as("nothing answered is not back under the bound").isNull();
        assertThat(impact.p90NeverBackUnderBound()).isTrue();
    }

    @Test
    void p90ThatCameBackAndStayedUnderIsTimedToTheEndOfItsLastBadSecond() {
        FaultImpact impact = new FaultImpactAnalysis(records()).analyse(killAt20s(3_000L));

        assertThat(impact.p90BackUnderBoundAfterMs()).isEqualTo(3_000);
        assertThat(impact.p90NeverBackUnderBound()).isFalse();
    }

    @Test
    void theSecondAFaultFallsInBelongsToItsWindowNotToBefore() {
        // the kill at 20.4 s: second 20 and its log interval hold its first errors and its slow answers
        FaultReport midSecond = new FaultReport("kill", "node2", List.of("node2"), "node2", "", 20_400,
                START + 20_400, null, 1_000L, null, List.of(), 10, 10, 0, 3_000L, 3_000L, 3_000L, null, READ_BACK);

        FaultImpact impact = new FaultImpactAnalysis(records()).analyse(midSecond);

        assertThat(impact.errors()).as("seconds 20, 21 and 22").isEqualTo(15);
        assertThat(impact.p99BeforeMs()).as("before holds only whole intervals before the kill").isCloseTo(20.0,
                within(0.1));
        assertThat(impact.maxBeforeMs()).isCloseTo(20.0, within(0.1));
        assertThat(impact.maxWindowMs()).isCloseTo(2_000.0, within(2.0));
        assertThat(impact.throughputBefore()).isEqualTo(100.0);
        assertThat(impact.lowestThroughput()).isEqualTo(10.0);
    }

    @Test
    void survivorCpuIsMeasuredFromTheNewViewAndComparedWithTheEvenSpreadPrediction() {
        FaultImpact impact = new FaultImpactAnalysis(records()).analyse(killAt20s(3_000L));

        assertThat(impact.survivorCpu()).extracting(FaultImpact.SurvivorCpu::node).containsExactlyInAnyOrder("node1", "node3");
        assertThat(impact.survivorCpu()).allSatisfy(cpu -> {
            assertThat(cpu.utilizationBefore()).isCloseTo(0.3, within(1e-9));
            assertThat(cpu.utilizationAfter()).isCloseTo(0.45, within(1e-9));
        });
        assertThat(impact.utilizationBefore()).isCloseTo(0.3, within(1e-9));
        assertThat(impact.predictedSurvivorUtilization()).as("0.3 x 3 / 2").isCloseTo(0.45, within(1e-9));
        assertThat(impact.cpuCeiling()).isEqualTo(0.6);
    }
}
