package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeapTrendAnalysisTest {
    private static final long START = 1_000_000_000L;
    private static final long MINUTE = 60_000;
    private static final long MB = 1_048_576;

    @Test
    void theSlopeFollowsTheLeastReadingOfEachMinuteAfterTheFirstMinuteOfEachLife() {
        List<NodeSample> samples = new ArrayList<>();
        // first life: 10 minutes; each minute a high reading and a floor growing 100 KB a minute
        for (int minute = 0; minute < 10; minute++) {
            long at = START + minute * MINUTE;
            samples.add(new NodeSample(at + 1_000, minute * MINUTE + 1_000, 0, 50 * MB));
            samples.add(new NodeSample(at + 30_000, minute * MINUTE + 30_000, 0, 8 * MB + minute * 102_400L));
        }
        // a restart: uptime starts again; 2 minutes past its first only, too few for a slope
        for (int minute = 0; minute < 3; minute++) {
            samples.add(new NodeSample(START + (11 + minute) * MINUTE, minute * MINUTE + 5_000, 0, 9 * MB));
        }

        List<HeapTrend> trends = HeapTrendAnalysis.of(Map.of("node1", samples), HeapBasis.AFTER_FULL_GC, START,
                START + 20 * MINUTE);

        assertThat(trends).hasSize(2);
        HeapTrend first = trends.getFirst();
        assertThat(first.life()).isEqualTo(1);
        assertThat(first.minutes()).as("the first minute of the life is left out").isEqualTo(9);
        assertThat(first.firstFloorBytes()).isEqualTo(8 * MB + 102_400L);
        assertThat(first.slopeBytesPerMinute()).isCloseTo(102_400.0, within(1.0));
        assertThat(first.basis()).isEqualTo(HeapBasis.AFTER_FULL_GC);
        HeapTrend second = trends.get(1);
        assertThat(second.life()).isEqualTo(2);
        assertThat(second.slopeBytesPerMinute()).isNull();
    }
}
