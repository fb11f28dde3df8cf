package io.replsim.loadgen.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencyLogMergeTest {

    @Test
    void twoAgentsLogsMergeIntoExactlyTheHistogramOfAllTheirValues(@TempDir Path dir) throws Exception {
        Random random = new Random(42);
        Histogram everything = new Histogram(3);
        // A fast agent and a slow one: averaging their percentiles would be far from the truth.
        Path fast = writeLog(dir.resolve("agent-a.hlog"), 3, 2_000, () -> 500 + random.nextInt(20_000), everything);
        Path slow = writeLog(dir.resolve("agent-b.hlog"), 4, 700, () -> 200_000 + random.nextInt(3_000_000), everything);

        LatencyLogMerge.Merged merged = LatencyLogMerge.of(List.of(fast, slow));

        assertThat(merged.latencyMicros()).isEqualTo(everything);
        assertThat(merged.latencyMicros().getTotalCount()).isEqualTo(3 * 2_000 + 4 * 700);
        for (double percentile : new double[] {50, 90, 99, 99.9, 100}) {
            assertThat(merged.latencyMicros().getValueAtPercentile(percentile))
                    .isEqualTo(everything.getValueAtPercentile(percentile));
        }
        assertThat(merged.parts()).extracting(LatencyLogMerge.Part::responses).containsExactly(6_000L, 2_800L);
    }

    @Test
    void aRequestTypesTaggedIntervalsAreAddedToTheirTagAndNotCountedTwiceAmongAllResponses(@TempDir Path dir)
            throws Exception {
        long start = 1_700_000_000_000L;
        Path file = dir.resolve("scripted.hlog");
        try (IntervalLog log = IntervalLog.create(file, start)) {
            Histogram all = new Histogram(3);
            Histogram reads = new Histogram(3);
            for (long micros : new long[] {1_000, 2_000, 30_000}) {
                all.recordValue(micros);
            }
            reads.recordValue(30_000);
            reads.setTag("read");
            log.write(all, start, start + 1000);
            log.write(reads, start, start + 1000);
        }

        LatencyLogMerge.Merged merged = LatencyLogMerge.of(List.of(file));

        assertThat(merged.latencyMicros().getTotalCount()).isEqualTo(3);
        assertThat(merged.byTag()).containsOnlyKeys("read");
        assertThat(merged.byTag().get("read").getTotalCount()).isEqualTo(1);
    }

    @Test
    void agentsSecondsAreAddedAtTheirNearestSecondAndWrittenAsOneLog(@TempDir Path dir) throws Exception {
        long start = 1_700_000_000_000L;
        // agent b started 300 ms after agent a: its seconds fall to a's nearest ones
        Path a = writeSeconds(dir.resolve("a.hlog"), start, new long[] {2, 3, 4});
        Path b = writeSeconds(dir.resolve("b.hlog"), start + 300, new long[] {10, 20});

        LatencyLogMerge.Merged merged = LatencyLogMerge.of(List.of(a, b));

        assertThat(merged.startEpochMs()).isEqualTo(start);
        assertThat(merged.seconds()).extracting(Histogram::getTotalCount).containsExactly(12L, 23L, 4L);
        Path written = dir.resolve("merged.hlog");
        merged.write(written);
        LatencyLogMerge.Merged again = LatencyLogMerge.of(List.of(written));
        assertThat(again.latencyMicros()).isEqualTo(merged.latencyMicros());
        assertThat(again.seconds()).extracting(Histogram::getTotalCount).containsExactly(12L, 23L, 4L);
        assertThat(again.startEpochMs()).isEqualTo(start);
    }

    /** A log from {@code start} with {@code counts[i]} responses of 1 ms in its second {@code i}. */
    private static Path writeSeconds(Path file, long start, long[] counts) throws Exception {
        try (IntervalLog log = IntervalLog.create(file, start)) {
            for (int i = 0; i < counts.length; i++) {
                Histogram interval = new Histogram(3);
                interval.recordValueWithCount(1_000, counts[i]);
                log.write(interval, start + i * 1000L, start + (i + 1) * 1000L);
            }
        }
        return file;
    }

    @Test
    void aFileThatIsNotAnIntervalLogIsNamed(@TempDir Path dir) throws Exception {
        Path notALog = Files.writeString(dir.resolve("summary.json"), "{\"name\": \"quickstart\"}\n");

        assertThatThrownBy(() -> LatencyLogMerge.of(List.of(notALog)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("summary.json");
    }

    /** An agent's log: {@code intervals} intervals of {@code perInterval} responses each, all also put in {@code all}. */
    private static Path writeLog(Path file, int intervals, int perInterval, java.util.function.LongSupplier micros,
                                 Histogram all) throws Exception {
        long start = 1_700_000_000_000L;
        try (IntervalLog log = IntervalLog.create(file, start)) {
            for (int i = 0; i < intervals; i++) {
                Histogram interval = new Histogram(3);
                for (int n = 0; n < perInterval; n++) {
                    long value = micros.getAsLong();
                    interval.recordValue(value);
                    all.recordValue(value);
                }
                log.write(interval, start + i * 1000L, start + (i + 1) * 1000L);
            }
        }
        return file;
    }
}
