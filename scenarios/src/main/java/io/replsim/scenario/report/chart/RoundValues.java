package io.replsim.scenario.report.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The values an axis is labelled at: 0 and multiples of 1, 2 or 5 times a power of ten, as few steps as keep at
 * most {@code most} of them below the top, so a reader reads the labels without arithmetic.
 */
public final class RoundValues {

    private RoundValues() {
    }

    /** 0, one step, two steps, ... up to {@code max}; just 0 when {@code max} is not above it. */
    public static List<Double> upTo(double max, int most) {
        List<Double> values = new ArrayList<>();
        values.add(0.0);
        if (!(max > 0)) {
            return values;
        }
        double step = stepFor(max, most);
        for (int i = 1; i * step <= max * (1 + 1e-9); i++) {
            values.add(i * step);
        }
        return values;
    }

    /** The smallest of 1, 2 and 5 times a power of ten that needs no more than {@code most} steps to {@code max}. */
    static double stepFor(double max, int most) {
        double decade = Math.pow(10, Math.floor(Math.log10(max / most)));
        for (double factor : new double[] {1, 2, 5, 10}) {
            if (max / (factor * decade) <= most) {
                return factor * decade;
            }
        }
        return 10 * decade;
    }

    /** A round value as a label: whole numbers without decimals. */
    public static String text(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%.0f", value)
                : String.format(Locale.ROOT, "%s", (float) value);
    }
}
