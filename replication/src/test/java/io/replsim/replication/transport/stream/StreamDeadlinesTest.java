package io.replsim.replication.transport.stream;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

class StreamDeadlinesTest {
    private static long in(Duration duration) {
        return System.nanoTime() + duration.toNanos();
    }

    @Test
    void aWriteStillWatchedAtItsDeadlineIsExpiredWithinATick() throws InterruptedException {
        try (var deadlines = new StreamDeadlines("test-deadlines")) {
            var expired = new CountDownLatch(1);
            long deadline = in(Duration.ofMillis(50));

            deadlines.watch(expired::countDown, deadline);

            assertThat(expired.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(System.nanoTime() - deadline).isNotNegative();
        }
    }

    @Test
    void aWriteDoneBeforeItsDeadlineIsNeverExpired() throws InterruptedException {
        try (var deadlines = new StreamDeadlines("test-deadlines")) {
            var doneWriteExpired = new AtomicBoolean();
            var later = new CountDownLatch(1);

            deadlines.watch(() -> doneWriteExpired.set(true), in(Duration.ofMillis(10))).lift();
            deadlines.watch(later::countDown, in(Duration.ofMillis(10).plus(StreamDeadlines.TICK.multipliedBy(3))));

            assertThat(later.await(5, TimeUnit.SECONDS)).as("a later deadline, expired").isTrue();
            assertThat(doneWriteExpired).isFalse();
        }
    }
}
