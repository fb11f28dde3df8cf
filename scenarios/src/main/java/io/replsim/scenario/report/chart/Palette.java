package io.replsim.scenario.report.chart;

import java.util.List;

/**
 * The colours series of the same kind take in turn (one per node): apart from each other, from the red of the
 * faults' shading and from the blue and orange of the response-time lines, and readable in grey when printed.
 */
public final class Palette {
    private static final List<String> COLOURS = List.of("#1b9e77", "#7570b3", "#a6761d", "#e7298a", "#66a61e",
            "#555555", "#17becf", "#8c564b");

    private Palette() {
    }

    /** The colour of the {@code index}-th series, starting again after the last. */
    public static String colour(int index) {
        return COLOURS.get(Math.floorMod(index, COLOURS.size()));
    }
}
