package io.replsim.loadgen.record;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;

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
    void everyIntervalsLineOfAllResponsesIsTheSumOfItsTagsLinesWhileTicksComeDuringTheRecording(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("tagged.hlog");
        long start = 20_000;
        LatencyRecording recording = LatencyRecording.start(Optional.of(file), start, List.of("a", "b"));
        AtomicBoolean stop = new AtomicBoolean();
        Thread user = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < 50_000_000 && !stop.get(); i++) {
                recording.record(i & 1, 1_000 + (i & 1023));
            }
        });
        int ticks = 500;
        for (int tick = 1; tick <= ticks && user.isAlive(); tick++) {
            recording.tick(start + tick);
        }
        stop.set(true);
        user.join();
        // the run's end before the last tick, as when the ticker went on while nobody awaited the result
        recording.finish(start + 1);

        Map<Long, Map<String, Long>> byInterval = new TreeMap<>();
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        for (EncodableHistogram interval; (interval = reader.nextIntervalHistogram()) != null; ) {
            byInterval.computeIfAbsent(interval.getEndTimeStamp(), end -> new HashMap<>())
                    .merge(Objects.requireNonNullElse(interval.getTag(), "all"),
                            ((Histogram) interval).getTotalCount(), Long::sum);
        }
        assertThat(byInterval).hasSizeGreaterThan(10);
        assertThat(byInterval.values()).allSatisfy(lines -> assertThat(lines.get("all"))
                .isEqualTo(lines.getOrDefault("a", 0L) + lines.getOrDefault("b", 0L)));
        long logged = byInterval.values().stream().mapToLong(lines -> lines.get("all")).sum();
        assertThat(logged).isEqualTo(recording.whole().getTotalCount())
                .isEqualTo(recording.whole(0).getTotalCount() + recording.whole(1).getTotalCount());
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
