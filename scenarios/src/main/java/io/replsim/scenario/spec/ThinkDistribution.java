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

    /** The spread of {@code think}, as a scenario names it. */
    public static ThinkDistribution of(ThinkTime think) {
        return switch (think) {
            case ThinkTime.Fixed fixed -> FIXED;
            case ThinkTime.Uniform uniform -> UNIFORM;
            case ThinkTime.NegativeExponential exponential -> NEGATIVE_EXPONENTIAL;
        };
    }

    /** The mean a scenario states for {@code think}: a negative exponential's before its cut at ten times it. */
    public static Duration statedMean(ThinkTime think) {
        return switch (think) {
            case ThinkTime.Fixed fixed -> fixed.pause();
            case ThinkTime.Uniform uniform -> uniform.mean();
            case ThinkTime.NegativeExponential exponential -> exponential.nominalMean();
        };
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
