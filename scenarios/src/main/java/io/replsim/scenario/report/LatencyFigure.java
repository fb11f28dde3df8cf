package io.replsim.scenario.report;

import java.util.function.ToDoubleFunction;

/**
 * One response-time figure of a {@link RunSummary.Latency} (a percentile, the max, the mean), declared once: its key
 * in summary.json, its label on the console, where it comes from, and which console lines print it. Its place among
 * the figures is its place in the {@link LatencySection}'s list.
 */
public record LatencyFigure(String key, String label, ToDoubleFunction<RunSummary.Latency> source, Printed printed) {

    /**
     * Which console lines print it: the {@code latency} lines (the whole load's, and the open model's corrected and
     * uncorrected ones) say every printed figure, while the steady window's line and a request type's line, which
     * carry other figures too, leave the max off; the mean is in summary.json alone.
     */
    public enum Printed { ON_EVERY_LINE, ON_LATENCY_LINES, OFF }

    public double valueOf(RunSummary.Latency latency) {
        return source.applyAsDouble(latency);
    }

    /** Whether a console line of that kind prints it. */
    boolean printedOn(LatencySection.Line line) {
        return switch (printed) {
            case ON_EVERY_LINE -> true;
            case ON_LATENCY_LINES -> line == LatencySection.Line.LATENCY;
            case OFF -> false;
        };
    }

    /** Its label and value on the console, e.g. {@code p90 27.0 ms}. */
    String console(RunSummary.Latency latency) {
        return label + " " + CheckEvaluator.millis(valueOf(latency));
    }
}
