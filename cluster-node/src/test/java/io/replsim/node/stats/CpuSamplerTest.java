package io.replsim.node.stats;

import org.junit.jupiter.api.Test;

import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CpuSamplerTest {
    @Test
    void usedCoresAreCpuTimeOverWallTimeOfTheLastWindowAndTheClocksAreReadNow() {
        var cpuNanos = new AtomicLong(5_000_000_000L);
        var wallNanos = new AtomicLong(100_000_000_000L);
        try (var timer = Executors.newSingleThreadScheduledExecutor();
             var sampler = new CpuSampler(0.5, cpuNanos::get, wallNanos::get, timer)) {
            cpuNanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(300));   // 0.3 s of CPU in 1 s: 0.3 cores
            wallNanos.addAndGet(TimeUnit.SECONDS.toNanos(1));
            sampler.closeWindow();
            cpuNanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(900));   // the next, unfinished window does not count
            wallNanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(500));

            CpuWindow window = sampler.current();

            assertThat(window.usedCores()).isCloseTo(0.3, within(1e-9));
            assertThat(window.utilization()).isCloseTo(0.6, within(1e-9));
            assertThat(window.windowMs()).isEqualTo(1000);
            assertThat(window.processCpuMs()).as("the CPU clock now, not at the last tick").isEqualTo(6_200);
            assertThat(window.monotonicMs()).as("the monotonic clock of that same moment").isEqualTo(101_500);
        }
    }

    @Test
    void beforeTheFirstWindowEndsTheTimeSinceStartIsReported() {
        var cpuNanos = new AtomicLong(0);
        var wallNanos = new AtomicLong(0);
        try (var timer = Executors.newSingleThreadScheduledExecutor();
             var sampler = new CpuSampler(2.0, cpuNanos::get, wallNanos::get, timer)) {
            cpuNanos.set(TimeUnit.MILLISECONDS.toNanos(200));
            wallNanos.set(TimeUnit.MILLISECONDS.toNanos(400));

            assertThat(sampler.current().usedCores()).isCloseTo(0.5, within(1e-9));
            assertThat(sampler.current().windowMs()).isEqualTo(400);
        }
    }

    @Test
    void coresBetweenTwoReadingsAreTheProcessRateWhereverTheReadingsFallBetweenTicks() {
        // The process burns 0.5 cores all along. Readings are asked 0.9 s after one tick and 0.1 s after another,
        // each stamped with the wall clock of the moment it was asked, as a consumer of the admin stats does.
        var cpuNanos = new AtomicLong(0);
        var wallNanos = new AtomicLong(0);
        try (var timer = Executors.newSingleThreadScheduledExecutor();
             var sampler = new CpuSampler(1.0, cpuNanos::get, wallNanos::get, timer)) {
            long[] first = null;
            long[] last = null;
            for (int tenth = 1; tenth <= 91; tenth++) {
                cpuNanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(50));
                wallNanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(100));
                if (tenth % 10 == 0) {
                    sampler.closeWindow();
                }
                if (tenth == 19 || tenth == 91) {
                    long[] reading = {TimeUnit.NANOSECONDS.toMillis(wallNanos.get()), sampler.current().processCpuMs()};
                    if (first == null) {
                        first = reading;
                    } else {
                        last = reading;
                    }
                }
            }

            double cores = (last[1] - first[1]) / (double) (last[0] - first[0]);

            // reading the CPU clock at the last tick instead would give 4,000 ms of CPU in 7,200 ms: 0.56 cores
            assertThat(cores).isCloseTo(0.5, within(1e-9));
        }
    }
}
