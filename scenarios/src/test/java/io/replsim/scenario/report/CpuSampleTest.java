package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which readings of a node subtract: those of one process. A node killed at 3 s and started again at 5 s whose new
 * process had used more CPU by its first reading (at 7 s, a start-up's class loading and compiling) than the old one
 * by its last (at 2 s): the CPU time did not fall, and only the processes' starts tell them apart.
 */
class CpuSampleTest {
    private static final long LOAD_START = 1_800_000_000_000L;
    private static final long OLD_START = LOAD_START - 3_000;
    private static final long NEW_START = LOAD_START + 5_000;
    private static final List<CpuSample> RESTARTED = List.of(
            reading(1_000, OLD_START, 300), reading(2_000, OLD_START, 330),
            reading(7_000, NEW_START, 1_400), reading(8_000, NEW_START, 1_500));

    private static CpuSample reading(long atMs, long processStart, long cpuMs) {
        long at = LOAD_START + atMs;
        // the node's monotonic clock is the machine's (System.nanoTime): it goes on across the restart
        return new CpuSample(at, 50_000 + atMs, cpuMs, 0.66, null, processStart);
    }

    @Test
    void readingsOfOneProcessSubtractAndAFreshProcessDoesNotEvenWhenItsCpuTimeIsHigher() {
        assertThat(RESTARTED.get(0).sameProcessAs(RESTARTED.get(1))).isTrue();
        assertThat(RESTARTED.get(1).sameProcessAs(RESTARTED.get(2))).isFalse();
        assertThat(RESTARTED.get(2).sameProcessAs(RESTARTED.get(3))).isTrue();
        // the process's start read a moment apart from its wall clock and uptime is still the same process
        CpuSample jittered = new CpuSample(LOAD_START + 2_500, 52_500, 340, 0.66, null, OLD_START + 20);
        assertThat(RESTARTED.get(1).sameProcessAs(jittered)).isTrue();
    }

    @Test
    void noIntervalSpansTheRestartAndTheLatestProcessIsTheNewOne() {
        List<CpuInterval> intervals = CpuInterval.of(Map.of("node2", RESTARTED), LOAD_START).get("node2");

        assertThat(intervals).extracting(CpuInterval::fromMs).containsExactly(1_000L, 7_000L);
        assertThat(ClusterReadings.latestProcess(RESTARTED)).containsExactlyElementsOf(RESTARTED.subList(2, 4));
    }

    @Test
    void withoutTheProcessesStartsAFallOfTheCpuTimeStillTellsARestart() {
        CpuSample before = new CpuSample(LOAD_START, 1_000, 900, 1);
        CpuSample after = new CpuSample(LOAD_START + 1_000, 2_000, 100, 1);

        assertThat(before.sameProcessAs(after)).isFalse();
        assertThat(after.sameProcessAs(new CpuSample(LOAD_START + 2_000, 3_000, 200, 1))).isTrue();
    }
}
