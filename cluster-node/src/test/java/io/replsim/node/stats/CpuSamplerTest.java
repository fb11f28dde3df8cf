package io.replsim.node.stats;

import org.junit.jupiter.api.Test;

import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CpuSamplerTest {
    @Test
    void usedCoresAreCpuTimeOverWallTimeOfTheLastWindow() {
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
            assertThat(window.processCpuMs()).isEqualTo(5_300);
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
}
