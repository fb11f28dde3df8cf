package io.replsim.scenario.compare;

import java.util.List;

/**
 * One figure of a comparison as compare.html draws it: each scenario's band over the rounds and, for a variant, its
 * ratio to the reference with the 95% interval and verdict compare.json holds ({@code interval} null for the
 * reference, the baseline, and a variant with no round to take a ratio from). {@code pattern} formats one value.
 */
public record ComparedFigure(String name, String unit, String pattern, List<Bar> bars) {

    public ComparedFigure {
        bars = List.copyOf(bars);
    }

    /** A scenario's bar: {@code role} as compare.json names it (reference, compared, baseline). */
    public record Bar(String scenario, String role, int runs, Band band, RatioInterval interval) {
    }
}
