package io.replsim.loadgen.record;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@Timeout(30)
class IntervalLogTickerTest {

    /**
     * HdrHistogram's {@code WriterReaderPhaser.flipPhase} swallows an interrupt that lands while it waits for a
     * writer; a tick here does the same on purpose. The ticker must stop anyway, or the driver waits for it forever.
     */
    @Test
    void stopEndsTheTickerEvenWhenATickSwallowsTheInterrupt() throws Exception {
        AtomicInteger ticks = new AtomicInteger();
        CountDownLatch inFirstTick = new CountDownLatch(1);
        long firstTickNow = System.nanoTime() - IntervalLogTicker.INTERVAL.toNanos();
        IntervalLogTicker ticker = IntervalLogTicker.unstarted(firstTickNow, nowMs -> {
            if (ticks.incrementAndGet() > 1) {
                return;
            }
            inFirstTick.countDown();
            long giveUp = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!Thread.currentThread().isInterrupted() && System.nanoTime() - giveUp < 0) {
                Thread.onSpinWait(); // until stop() has interrupted this tick
            }
            Thread.interrupted(); // swallowed, as flipPhase does
        });
        ticker.start();
        assertThat(inFirstTick.await(10, TimeUnit.SECONDS)).isTrue();

        Thread stopping = Thread.ofVirtual().start(() -> {
            try {
                ticker.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        assertThat(stopping.join(Duration.ofSeconds(10))).as("stop() returned").isTrue();
        assertThat(ticks.get()).isEqualTo(1);
    }

    @Test
    void itTicksOncePerIntervalFromTheStartUntilStopped() throws Exception {
        AtomicInteger ticks = new AtomicInteger();
        IntervalLogTicker ticker = IntervalLogTicker.unstarted(System.nanoTime() - 3 * IntervalLogTicker.INTERVAL.toNanos(),
                nowMs -> ticks.incrementAndGet());
        ticker.start();
        // the first three ticks are overdue and come at once; the fourth is a whole interval away
        await().atMost(Duration.ofSeconds(10)).until(() -> ticks.get() >= 3);
        ticker.stop();
        assertThat(ticks.get()).isBetween(3, 4);
    }
}
