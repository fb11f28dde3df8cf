package io.replsim.loadgen.record;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class LatencyRecordingTest {

    @Test
    void aWindowsPercentileComesFromTheSumOfItsIntervalsNotFromAveragedPercentiles() throws Exception {
        try (LatencyRecording recording = LatencyRecording.start(Optional.empty(), 0)) {
            // Two log ticks (intervals) inside one progress window: 90 fast responses, then 10 slow ones.
            for (int i = 0; i < 90; i++) {
                recording.record(1_000);
            }
            recording.tick(1_000);
            for (int i = 0; i < 10; i++) {
                recording.record(100_000);
            }
            recording.tick(2_000);

            Histogram window = recording.takeSinceProgress();
            assertThat(window.getTotalCount()).isEqualTo(100);
            assertThat(window.getValueAtPercentile(90)).isCloseTo(1_000, within(1L));
            assertThat(window.getValueAtPercentile(91)).isCloseTo(100_000, within(100L));
            // averaging the two intervals' p90s would claim about 50 ms
        }
    }

    @Test
    void eachProgressWindowHoldsOnlyWhatCameSinceThePreviousOneAndTheWholeRunHoldsAll() throws Exception {
        try (LatencyRecording recording = LatencyRecording.start(Optional.empty(), 0)) {
            recording.record(500);
            recording.record(700);
            assertThat(recording.takeSinceProgress().getTotalCount()).isEqualTo(2);
            recording.record(900);
            Histogram second = recording.takeSinceProgress();
            assertThat(second.getTotalCount()).isEqualTo(1);
            assertThat(second.getMaxValue()).isCloseTo(900, within(1L));
            assertThat(recording.takeSinceProgress().getTotalCount()).isZero();
            assertThat(recording.whole().getTotalCount()).isEqualTo(3);
        }
    }

    @Test
    void theIntervalLogHasAHeaderAndOneLinePerTickThatHdrHistogramReadsBack(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("latency.hlog");
        long start = 1_763_750_000_000L;
        LatencyRecording recording = LatencyRecording.start(Optional.of(file), start);
        recording.record(1_000);
        recording.record(2_000);
        recording.tick(start + 1_000);
        recording.record(3_000);
        recording.finish(start + 1_500);

        String text = Files.readString(file);
        assertThat(text).contains("#[StartTime: ").contains("#[BaseTime: ").contains("\"StartTimestamp\"");

        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        Histogram first = (Histogram) reader.nextIntervalHistogram();
        Histogram last = (Histogram) reader.nextIntervalHistogram();
        assertThat(reader.nextIntervalHistogram()).isNull();
        assertThat(first.getTotalCount()).isEqualTo(2);
        assertThat(last.getTotalCount()).isEqualTo(1);
        assertThat(first.getStartTimeStamp()).isEqualTo(start);
        assertThat(first.getEndTimeStamp()).isEqualTo(start + 1_000);
        assertThat(last.getEndTimeStamp()).isEqualTo(start + 1_500);
        assertThat(reader.getStartTimeSec()).isCloseTo(start / 1000.0, within(0.001));
    }

    @Test
    void finishingBeforeTheLastTickWritesNoBackwardInterval(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("late.hlog");
        LatencyRecording recording = LatencyRecording.start(Optional.of(file), 10_000);
        recording.record(1_000);
        recording.tick(11_000);
        recording.tick(12_000);
        recording.finish(11_500);

        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        Histogram interval;
        int count = 0;
        while ((interval = (Histogram) reader.nextIntervalHistogram()) != null) {
            assertThat(interval.getEndTimeStamp()).isGreaterThanOrEqualTo(interval.getStartTimeStamp());
            count++;
        }
        assertThat(count).isEqualTo(2);
    }
}
