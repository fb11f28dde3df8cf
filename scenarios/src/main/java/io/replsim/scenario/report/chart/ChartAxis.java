package io.replsim.scenario.report.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A chart's vertical axis: where a value sits in a plot {@code height} pixels tall, and the labelled values along
 * it. Response times take the logarithmic one: a failover's spike of 800 ms beside a steady 3 ms would otherwise
 * flatten the p90 and p99 lines into one line along the floor, and the reader could tell neither apart.
 */
public sealed interface ChartAxis {

    /** Pixels up from the plot's floor, within 0 and {@code height}. */
    double up(double value, double height);

    List<Label> labels();

    record Label(double value, String text) {
    }

    /** From 0 to {@code max}, labelled at round values (the top one with its unit). */
    record Linear(double max, String unit) implements ChartAxis {
        public Linear {
            max = Math.max(max, 1e-9);
        }

        @Override
        public double up(double value, double height) {
            return Math.max(0, Math.min(value, max)) / max * height;
        }

        @Override
        public List<Label> labels() {
            List<Label> labels = new ArrayList<>();
            List<Double> values = RoundValues.upTo(max, 5);
            for (double value : values) {
                labels.add(new Label(value, value == values.getLast()
                        ? String.format(Locale.ROOT, "%s %s", RoundValues.text(value), unit)
                        : RoundValues.text(value)));
            }
            return labels;
        }
    }

    /**
     * One lane per name, the first at the top: lane {@code i} spans the values {@code size - 1 - i} to
     * {@code size - i}, labelled with its name at its middle.
     */
    record Lanes(List<String> names) implements ChartAxis {
        public Lanes {
            names = List.copyOf(names);
        }

        /** Where lane {@code name}'s span starts; its span is 1 high. */
        public double floorOf(String name) {
            return names.size() - 1 - names.indexOf(name);
        }

        @Override
        public double up(double value, double height) {
            return Math.max(0, Math.min(value, names.size())) / Math.max(1, names.size()) * height;
        }

        @Override
        public List<Label> labels() {
            List<Label> labels = new ArrayList<>();
            names.forEach(name -> labels.add(new Label(floorOf(name) + 0.5, name)));
            return labels;
        }
    }

    /** From the power of ten at or below the smallest value to the largest; values below the floor sit on it. */
    record Logarithmic(double floor, double top, String unit) implements ChartAxis {
        public Logarithmic {
            if (!(floor > 0) || !(top > floor)) {
                throw new IllegalArgumentException("a logarithmic axis needs 0 < floor < top, not " + floor
                        + " and " + top);
            }
        }

        /** The axis over {@code smallest} to {@code largest}, a decade at least, its floor a power of ten. */
        public static Logarithmic over(double smallest, double largest, String unit) {
            double floor = Math.pow(10, Math.floor(Math.log10(Math.max(smallest, 0.001))));
            return new Logarithmic(floor, Math.max(largest, floor * 10), unit);
        }

        @Override
        public double up(double value, double height) {
            double clamped = Math.max(floor, Math.min(value, top));
            return Math.log10(clamped / floor) / Math.log10(top / floor) * height;
        }

        @Override
        public List<Label> labels() {
            List<Label> labels = new ArrayList<>();
            for (double decade = floor; decade <= top; decade *= 10) {
                labels.add(new Label(decade, String.format(Locale.ROOT, decade < 1 ? "%s %s" : "%.0f %s",
                        decade < 1 ? Double.toString(decade) : decade, unit)));
            }
            return labels;
        }
    }
}
