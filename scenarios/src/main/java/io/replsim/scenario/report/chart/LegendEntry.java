package io.replsim.scenario.report.chart;

/** One entry of a chart's legend: the mark drawn in {@code colour} and what it stands for. */
public record LegendEntry(String colour, Mark mark, String text) {

    /** How the entry's series is drawn. */
    public enum Mark { LINE, DASHED, BOX, DOT, RING, CROSS }
}
