package io.replsim.loadgen.record;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(60)
class PerThreadRecorderTest {

    @Test
    void anIntervalHoldsWhatEveryThreadRecordedOnce() throws Exception {
        PerThreadRecorder recorder = new PerThreadRecorder(3);
        recorder.recordValue(5); // this (platform) thread's lane
        Thread platform = Thread.ofPlatform().start(() -> recorder.recordValue(70));
        Thread virtual = Thread.ofVirtual().start(() -> recorder.recordValue(900));
        platform.join();
        virtual.join();

        Histogram first = recorder.intervalHistogram(null);
        assertThat(first.getTotalCount()).isEqualTo(3);
        assertThat(first.getCountAtValue(5)).isEqualTo(1);
        assertThat(first.getCountAtValue(70)).isEqualTo(1); // its thread has ended: still read
        assertThat(first.getCountAtValue(900)).isEqualTo(1);

        recorder.recordValue(5);
        Histogram second = recorder.intervalHistogram(first);
        assertThat(second).isSameAs(first);
        assertThat(second.getTotalCount()).isEqualTo(1); // reset first: nothing read twice
        assertThat(recorder.intervalHistogram(null).getTotalCount()).isZero();
    }

    /** Readers take intervals while loops and virtual threads record: the intervals add up to every value once. */
    @Test
    void intervalsTakenWhileThreadsRecordLoseAndRepeatNothing() throws Exception {
        PerThreadRecorder recorder = new PerThreadRecorder(3);
        int perThread = 300_000;
        int platforms = 3;
        int virtuals = 50;
        int perVirtual = 2_000;
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> writers = new ArrayList<>();
        for (int t = 0; t < platforms; t++) {
            writers.add(Thread.ofPlatform().start(() -> {
                await(go);
                for (int i = 0; i < perThread; i++) {
                    recorder.recordValue(i % 1_000 + 1);
                }
            }));
        }
        for (int t = 0; t < virtuals; t++) {
            writers.add(Thread.ofVirtual().start(() -> {
                await(go);
                for (int i = 0; i < perVirtual; i++) {
                    recorder.recordValue(i % 1_000 + 1);
                }
            }));
        }
        Histogram sum = new Histogram(3);
        AtomicBoolean writing = new AtomicBoolean(true);
        Thread reader = Thread.ofPlatform().start(() -> {
            Histogram recycled = null;
            while (writing.get()) {
                recycled = recorder.intervalHistogram(recycled);
                sum.add(recycled);
            }
        });
        go.countDown();
        for (Thread writer : writers) {
            writer.join();
        }
        writing.set(false);
        reader.join();
        sum.add(recorder.intervalHistogram(null));

        long each = (long) platforms * perThread / 1_000 + (long) virtuals * perVirtual / 1_000;
        assertThat(sum.getTotalCount()).isEqualTo(1_000 * each);
        for (int value = 1; value <= 1_000; value++) {
            assertThat(sum.getCountAtValue(value)).as("value %d", value).isEqualTo(each);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
