package io.replsim.scenario.spec;

import io.replsim.loadgen.think.ThinkTime;
import io.replsim.settings.Labelled;
import java.time.Duration;

/** How a scenario's think times are spread around the {@code thinkTime} it states, which is always the mean. */
public enum ThinkDistribution implements Labelled {
    /** Every pause is the think time. */
    FIXED,
    /** Pauses spread evenly from 0 to twice the think time. */
    UNIFORM,
    /** Faban's negative exponential with the think time as mean, each pause cut at ten times it (as TPC-W). */
    NEGATIVE_EXPONENTIAL;

    /** The driver's think time with this spread and the given mean. */
    public ThinkTime withMean(Duration mean) {
        return switch (this) {
            case FIXED -> new ThinkTime.Fixed(mean);
            case UNIFORM -> ThinkTime.Uniform.aroundMean(mean);
            case NEGATIVE_EXPONENTIAL -> ThinkTime.NegativeExponential.withMean(mean);
        };
    }
}
