package io.replsim.bench.floor;

import java.util.List;
import java.util.Locale;

/** The lowest and highest of a figure over the rounds: what a single run cannot say, its spread. */
record Band(double low, double high) {

    static Band of(List<Double> values) {
        if (values.isEmpty()) {
            return new Band(Double.NaN, Double.NaN);
        }
        return new Band(values.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                values.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
    }

    String format(String pattern) {
        if (Double.isNaN(low)) {
            return "-";
        }
        String lowText = String.format(Locale.ROOT, pattern, low);
        String highText = String.format(Locale.ROOT, pattern, high);
        return lowText.equals(highText) ? lowText : lowText + "-" + highText;
    }
}
