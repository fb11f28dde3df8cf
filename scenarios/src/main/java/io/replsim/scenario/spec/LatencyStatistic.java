package io.replsim.scenario.spec;

import io.replsim.loadgen.label.EnumLabels;
import org.HdrHistogram.Histogram;

/** The response-time figure a capacity step is judged by (GlassFish's users-sustained metric uses p90). */
public enum LatencyStatistic {
    MEAN, P90, P95, P99;

    public String label() {
        return EnumLabels.of(this);
    }

    public static LatencyStatistic parse(String text) {
        return EnumLabels.parse(LatencyStatistic.class, text, "statistic");
    }

    /** This statistic of response times recorded in microseconds, in milliseconds; 0 for an empty histogram. */
    public double millisOf(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return 0;
        }
        double value = switch (this) {
            case MEAN -> micros.getMean();
            case P90 -> micros.getValueAtPercentile(90);
            case P95 -> micros.getValueAtPercentile(95);
            case P99 -> micros.getValueAtPercentile(99);
        };
        return value / 1000.0;
    }
}
