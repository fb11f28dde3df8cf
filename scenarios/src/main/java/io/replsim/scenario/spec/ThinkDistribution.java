package io.replsim.scenario.spec;

import io.replsim.loadgen.think.ThinkTime;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How a scenario's think times are spread around the {@code thinkTime} it states, which is always the mean. */
public enum ThinkDistribution {
    /** Every pause is the think time. */
    FIXED,
    /** Pauses spread evenly from 0 to twice the think time. */
    UNIFORM,
    /** Faban's negative exponential with the think time as mean, each pause cut at ten times it (as TPC-W). */
    NEGATIVE_EXPONENTIAL;

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static ThinkDistribution parse(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(d -> d.label().equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown think distribution \"" + text
                        + "\"; expected one of: "
                        + Arrays.stream(values()).map(ThinkDistribution::label).collect(Collectors.joining(", "))));
    }

    /** The driver's think time with this spread and the given mean. */
    public ThinkTime withMean(Duration mean) {
        return switch (this) {
            case FIXED -> new ThinkTime.Fixed(mean);
            case UNIFORM -> ThinkTime.Uniform.aroundMean(mean);
            case NEGATIVE_EXPONENTIAL -> ThinkTime.NegativeExponential.withMean(mean);
        };
    }
}
