package io.replsim.scenario.spec;

import io.replsim.settings.Labelled;
import org.HdrHistogram.Histogram;

/** The response-time figure a capacity step is judged by (GlassFish's users-sustained metric uses p90). */
public enum LatencyStatistic implements Labelled {
    MEAN, P90, P95, P99;

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
