package io.replsim.scenario.compare;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The lowest and highest of one figure over a comparison's rounds. A figure is reported as its band, never as one
 * reading: on a shared machine one run says little about a difference under 2x.
 */
public record Band(double min, double max) {

    public Band {
        if (Double.isNaN(min) || Double.isNaN(max) || min > max) {
            throw new IllegalArgumentException("a band runs from its least to its greatest value, got " + min + " and "
                    + max);
        }
    }

    /** The band of {@code values}; empty when there is none (every run that would have given one broke). */
    public static Optional<Band> of(List<Double> values) {
        if (values.isEmpty()) {
            return Optional.empty();
        }
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return Optional.of(new Band(min, max));
    }

    /** Both ends with {@code pattern} (a {@link String#format} pattern for one number), one value when they meet. */
    public String format(String pattern) {
        String low = String.format(Locale.ROOT, pattern, min);
        String high = String.format(Locale.ROOT, pattern, max);
        return low.equals(high) ? low : low + "-" + high;
    }
}
