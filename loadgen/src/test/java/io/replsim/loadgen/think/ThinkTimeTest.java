package io.replsim.loadgen.think;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ThinkTimeTest {

    private static final int SAMPLES = 200_000;
    private static final Duration MEAN = Duration.ofMillis(100);

    private static long[] samples(ThinkTime think) {
        SplittableRandom random = new SplittableRandom(42);
        return LongStream.range(0, SAMPLES).map(i -> think.sampleNanos(random)).toArray();
    }

    private static double mean(long[] values) {
        return LongStream.of(values).average().orElseThrow();
    }

    @Test
    void aFixedThinkTimeIsAlwaysTheSame() {
        long[] values = samples(new ThinkTime.Fixed(MEAN));
        assertThat(LongStream.of(values).distinct().toArray()).containsExactly(MEAN.toNanos());
    }

    @Test
    void aUniformThinkTimeStaysInItsRangeAndHasItsMean() {
        ThinkTime.Uniform uniform = ThinkTime.Uniform.aroundMean(MEAN);
        long[] values = samples(uniform);
        assertThat(LongStream.of(values).min().orElseThrow()).isGreaterThanOrEqualTo(0);
        assertThat(LongStream.of(values).max().orElseThrow()).isLessThanOrEqualTo(MEAN.toNanos() * 2);
        assertThat(uniform.mean()).isEqualTo(MEAN);
        assertThat(mean(values)).isCloseTo(MEAN.toNanos(), within(MEAN.toNanos() * 0.01));
        // uniform: a quarter of the values in each quarter of the range
        long firstQuarter = LongStream.of(values).filter(v -> v < MEAN.toNanos() / 2).count();
        assertThat(firstQuarter / (double) SAMPLES).isCloseTo(0.25, within(0.01));
    }

    @Test
    void aNegativeExponentialThinkTimeHasItsMeanIsCutAtItsMaximumAndIsSkewed() {
        ThinkTime.NegativeExponential exp = ThinkTime.NegativeExponential.withMean(MEAN);
        long[] values = samples(exp);
        assertThat(LongStream.of(values).max().orElseThrow()).isLessThanOrEqualTo(MEAN.toNanos() * 10);
        assertThat(mean(values)).isCloseTo(exp.mean().toNanos(), within(exp.mean().toNanos() * 0.01));
        // P(X ≤ mean) = 1 − 1/e for an exponential: most pauses are shorter than the mean
        long belowMean = LongStream.of(values).filter(v -> v <= MEAN.toNanos()).count();
        assertThat(belowMean / (double) SAMPLES).isCloseTo(1 - Math.exp(-1), within(0.01));
    }

    @Test
    void aTightCutLowersTheMeanAsTheFormulaSays() {
        ThinkTime.NegativeExponential cutAtMean = new ThinkTime.NegativeExponential(MEAN, MEAN);
        assertThat(cutAtMean.mean().toNanos() / 1e6).isCloseTo(100 * (1 - Math.exp(-1)), within(0.01));
        assertThat(mean(samples(cutAtMean))).isCloseTo(cutAtMean.mean().toNanos(), within(MEAN.toNanos() * 0.01));
    }

    @Test
    void badRangesAreRefused() {
        assertThatThrownBy(() -> new ThinkTime.Uniform(MEAN, Duration.ZERO)).hasMessageContaining("max");
        assertThatThrownBy(() -> new ThinkTime.Fixed(MEAN.negated())).hasMessageContaining("pause");
    }
}
