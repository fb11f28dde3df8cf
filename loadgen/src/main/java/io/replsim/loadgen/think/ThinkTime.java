package io.replsim.loadgen.think;

import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * How long a user pauses between requests, as Faban's think-time distributions: fixed, uniform, or negative
 * exponential truncated at a maximum (an untruncated one now and then asks a user to sleep for minutes, which
 * turns a steady window into a lottery; TPC-W cuts at ten times the mean).
 */
public sealed interface ThinkTime {

    /** One pause, in nanoseconds, zero or more. */
    long sampleNanos(RandomGenerator random);

    /** The mean of the distribution as sampled (the truncation included), what Little's law expects as Z. */
    Duration mean();

    /** A fixed think time: every pause is {@code pause}. */
    record Fixed(Duration pause) implements ThinkTime {
        public Fixed {
            requireNonNegative(pause, "pause");
        }

        @Override
        public long sampleNanos(RandomGenerator random) {
            return pause.toNanos();
        }

        @Override
        public Duration mean() {
            return pause;
        }
    }

    /** Pauses uniformly spread over {@code [min, max]}. */
    record Uniform(Duration min, Duration max) implements ThinkTime {
        public Uniform {
            requireNonNegative(min, "min");
            requireNonNegative(max, "max");
            if (max.compareTo(min) < 0) {
                throw new IllegalArgumentException("max: got " + max + ", expected at least min " + min);
            }
        }

        /** Uniform over {@code [0, 2·mean]}: the usual reading of "uniform with this mean". */
        public static Uniform aroundMean(Duration mean) {
            return new Uniform(Duration.ZERO, mean.multipliedBy(2));
        }

        @Override
        public long sampleNanos(RandomGenerator random) {
            long low = min.toNanos();
            long high = max.toNanos();
            return high == low ? low : random.nextLong(low, high + 1);
        }

        @Override
        public Duration mean() {
            return min.plus(max).dividedBy(2);
        }
    }

    /**
     * Negative-exponential pauses with the untruncated mean {@code nominalMean}, each capped at {@code max}.
     * Capping (rather than redrawing) keeps the mean computable: E[min(X, c)] = m·(1 − e^(−c/m)).
     */
    record NegativeExponential(Duration nominalMean, Duration max) implements ThinkTime {
        /** TPC-W's cut: ten times the mean, which moves the mean by 0.005%. */
        public static final int DEFAULT_CUT = 10;

        public NegativeExponential {
            requireNonNegative(nominalMean, "nominalMean");
            requireNonNegative(max, "max");
        }

        public static NegativeExponential withMean(Duration mean) {
            return new NegativeExponential(mean, mean.multipliedBy(DEFAULT_CUT));
        }

        @Override
        public long sampleNanos(RandomGenerator random) {
            double drawn = -nominalMean.toNanos() * Math.log(1.0 - random.nextDouble());
            return (long) Math.min(drawn, max.toNanos());
        }

        @Override
        public Duration mean() {
            double m = nominalMean.toNanos();
            if (m == 0) {
                return Duration.ZERO;
            }
            return Duration.ofNanos(Math.round(m * (1 - Math.exp(-max.toNanos() / m))));
        }
    }

    private static void requireNonNegative(Duration value, String field) {
        Objects.requireNonNull(value, field);
        if (value.isNegative()) {
            throw new IllegalArgumentException(field + ": got " + value + ", expected zero or more");
        }
    }
}
