package io.replsim.bench.floor;

import java.util.List;
import java.util.Locale;

/**
 * The lowest and highest of a figure over the rounds: what a single run cannot say, its spread; and the median, which
 * says on which side of a target most rounds fell once there are three or more.
 */
record Band(double low, double median, double high, int count) {
    private static final int ROUNDS_FOR_A_MEDIAN = 3;

    static Band of(List<Double> values) {
        if (values.isEmpty()) {
            return new Band(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int middle = sorted.length / 2;
        double median = sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
        return new Band(sorted[0], median, sorted[sorted.length - 1], sorted.length);
    }

    String format(String pattern) {
        if (Double.isNaN(low)) {
            return "-";
        }
        String lowText = String.format(Locale.ROOT, pattern, low);
        String highText = String.format(Locale.ROOT, pattern, high);
        return lowText.equals(highText) ? lowText : lowText + "-" + highText;
    }

    /** As {@link #format}, with the median after it from three rounds on: "1.18-1.82 (median 1.49)". */
    String formatWithMedian(String pattern) {
        if (count < ROUNDS_FOR_A_MEDIAN) {
            return format(pattern);
        }
        return format(pattern) + " (median " + String.format(Locale.ROOT, pattern, median) + ")";
    }
}
