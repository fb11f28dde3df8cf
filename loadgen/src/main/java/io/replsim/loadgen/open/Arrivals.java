package io.replsim.loadgen.open;

import java.util.random.RandomGenerator;

/** When requests of an open model arrive: at a constant rate, or as a Poisson process of that mean rate. */
public sealed interface Arrivals {

    /** Requests a second, on average. */
    double perSecond();

    /** The time from one arrival to the next. */
    long gapNanos(RandomGenerator random);

    record Constant(double perSecond) implements Arrivals {
        public Constant {
            requirePositive(perSecond);
        }

        @Override
        public long gapNanos(RandomGenerator random) {
            return Math.round(1e9 / perSecond);
        }
    }

    /** Exponential gaps: arrivals independent of each other, as from many independent clients. */
    record Poisson(double perSecond) implements Arrivals {
        public Poisson {
            requirePositive(perSecond);
        }

        @Override
        public long gapNanos(RandomGenerator random) {
            return Math.round(-Math.log(1.0 - random.nextDouble()) * 1e9 / perSecond);
        }
    }

    private static void requirePositive(double perSecond) {
        if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
            throw new IllegalArgumentException("perSecond: got " + perSecond + ", expected a rate above 0");
        }
    }
}
