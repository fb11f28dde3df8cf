package io.replsim.loadgen.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Stripes are read as one recorder: every value recorded by any writer is in the next interval, once, and an
 * interval holds only what came after the one before.
 */
class StripedRecorderTest {

    @Test
    void everyWritersValuesAreInTheNextIntervalAndOnlyThere() {
        StripedRecorder recorder = new StripedRecorder(3);
        for (int writer = 0; writer < 40; writer++) {
            recorder.recordValue(writer, 1_000 + writer);
        }
        recorder.recordValue(-7, 5_000);

        Histogram first = recorder.getIntervalHistogram();
        assertThat(first.getTotalCount()).as("40 writers over 16 stripes, and a negative writer").isEqualTo(41);
        assertThat(first.getMaxValue()).isEqualTo(first.highestEquivalentValue(5_000));
        assertThat(first.getMinValue()).isEqualTo(first.lowestEquivalentValue(1_000));

        recorder.recordValue(3, 200);
        Histogram second = recorder.getIntervalHistogram();
        assertThat(second.getTotalCount()).as("only what came after the first interval").isEqualTo(1);
        assertThat(second.getMaxValue()).isEqualTo(second.highestEquivalentValue(200));
        assertThat(recorder.getIntervalHistogram().getTotalCount()).isZero();
    }

    @Test
    void writersOnManyThreadsSharingStripesLoseNoValue() throws Exception {
        StripedRecorder recorder = new StripedRecorder(3);
        int threads = 4;
        int each = 200_000;
        List<Histogram> intervals = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                // two threads per stripe set: writers 0..31 on every thread, so stripes are shared
                writers.add(pool.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        recorder.recordValue(i & 31, 100 + thread);
                    }
                }));
            }
            while (!writers.stream().allMatch(Future::isDone)) {
                intervals.add(recorder.getIntervalHistogram());
            }
            for (Future<?> writer : writers) {
                writer.get();
            }
        }
        intervals.add(recorder.getIntervalHistogram());

        assertThat(intervals.stream().mapToLong(Histogram::getTotalCount).sum()).isEqualTo((long) threads * each);
    }
}
