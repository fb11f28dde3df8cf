package io.replsim.replication.member;

import org.junit.jupiter.api.Test;

import java.util.Collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LatencyBucketsTest {

    @Test
    void aDurationOnABoundCountsInThatBucketAndOneAboveEveryBoundInTheLast() {
        var buckets = new LatencyBuckets();
        buckets.record(0);
        buckets.record(50);
        buckets.record(51);
        buckets.record(10_000_000);
        buckets.record(10_000_001);

        LatencyDistribution reading = buckets.distribution();

        assertThat(reading.counts().get(0)).isEqualTo(2);
        assertThat(reading.counts().get(1)).isEqualTo(1);
        assertThat(reading.counts().get(LatencyBuckets.UPPER_BOUNDS_MICROS.size() - 1)).isEqualTo(1);
        assertThat(reading.counts().getLast()).isEqualTo(1);
        assertThat(reading.count()).isEqualTo(5).isEqualTo(buckets.count());
        assertThat(reading.sumMicros()).isEqualTo(20_000_102).isEqualTo(buckets.sumMicros());
        assertThat(buckets.maxMicros()).isEqualTo(10_000_001);
    }

    @Test
    void replicationCountersReadTheirTotalsFromTheDistribution() {
        var counters = new ReplicationCounters();
        counters.record(700, false);
        counters.record(3_000, true);

        assertThat(counters.replications()).isEqualTo(2).isEqualTo(counters.latency().count());
        assertThat(counters.failures()).isEqualTo(1);
        assertThat(counters.microsTotal()).isEqualTo(3_700).isEqualTo(counters.latency().sumMicros());
        assertThat(counters.microsMax()).isEqualTo(3_000);
        assertThat(counters.latency().counts().get(LatencyBuckets.UPPER_BOUNDS_MICROS.indexOf(1_000L))).isEqualTo(1);
        assertThat(counters.latency().counts().get(LatencyBuckets.UPPER_BOUNDS_MICROS.indexOf(5_000L))).isEqualTo(1);
    }

    @Test
    void aReadingRefusesCountsThatDoNotMatchItsBounds() {
        assertThatThrownBy(() -> new LatencyDistribution(
                        LatencyBuckets.UPPER_BOUNDS_MICROS,
                        Collections.nCopies(LatencyBuckets.UPPER_BOUNDS_MICROS.size(), 0L), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one count per bound");
    }
}
