package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** When a fault fires, counted from the start of the load: once, or again and again over a stretch of the run. */
public sealed interface Schedule permits Schedule.At, Schedule.Every, Schedule.Random {

    /** Every firing time, earliest first; never empty. */
    List<Duration> times();

    /** Once: {@code at: 20s}. */
    record At(Duration at) implements Schedule {
        public At {
            Objects.requireNonNull(at, "at");
            if (at.isNegative()) {
                throw new IllegalArgumentException("a fault happens at 0s or later, got " + at);
            }
        }

        @Override
        public List<Duration> times() {
            return List.of(at);
        }
    }

    /** {@code every: 10s, from: 5s, until: 40s}: at 5, 15, 25 and 35 s; {@code until} itself is excluded. */
    record Every(Duration period, Duration from, Duration until) implements Schedule {
        public Every {
            Objects.requireNonNull(period, "period");
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(until, "until");
            if (!period.isPositive() || from.isNegative() || until.compareTo(from) <= 0) {
                throw new IllegalArgumentException("every needs a period above 0 and 0 <= from < until, got every "
                        + period + " from " + from + " until " + until);
            }
        }

        @Override
        public List<Duration> times() {
            List<Duration> times = new ArrayList<>();
            for (Duration time = from; time.compareTo(until) < 0; time = time.plus(period)) {
                times.add(time);
            }
            return List.copyOf(times);
        }
    }

    /**
     * {@code random: 3, from: 10s, until: 40s, seed: 7}: three times drawn uniformly from [from, until), to the
     * millisecond; the same seed draws the same times in every run.
     */
    record Random(int count, Duration from, Duration until, long seed) implements Schedule {
        public Random {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(until, "until");
            if (count < 1 || from.isNegative() || until.compareTo(from) <= 0) {
                throw new IllegalArgumentException("random needs a count of 1 or more and 0 <= from < until, got "
                        + count + " from " + from + " until " + until);
            }
        }

        @Override
        public List<Duration> times() {
            java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
            long span = until.minus(from).toMillis();
            return java.util.stream.Stream.generate(() -> from.plusMillis(random.nextLong(span)))
                    .limit(count).sorted().toList();
        }
    }
}
