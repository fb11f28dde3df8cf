package io.replsim.scenario.report.chart;

import java.util.List;
import java.util.Locale;

/**
 * One chart as inline SVG: a plot area {@link #WIDTH} wide, its horizontal axis from {@code xFrom} to {@code xTo}
 * and its vertical one {@code axis}, and what is drawn on it in the order it is drawn (shading first, so the lines
 * drawn after lie over it). Every mark carries a {@code <title>} where a reader may ask what it is; nothing needs a
 * script. Values outside the axes sit on their edges.
 */
public final class Plot {
    public static final int WIDTH = 960;
    private static final int LEFT = 60;
    private static final int RIGHT = 20;
    private static final int TOP = 26;
    private static final int BOTTOM = 30;

    private final int height;
    private final double xFrom;
    private final double xTo;
    private final ChartAxis axis;
    private final StringBuilder svg = new StringBuilder();

    /** A chart named {@code name} (its class, by which a reader's tools and the tests find it). */
    public Plot(String name, int height, double xFrom, double xTo, ChartAxis axis) {
        if (!(xTo > xFrom)) {
            throw new IllegalArgumentException("a chart's horizontal axis runs from a value to a larger one, not "
                    + xFrom + " to " + xTo);
        }
        this.height = height;
        this.xFrom = xFrom;
        this.xTo = xTo;
        this.axis = axis;
        svg.append(String.format(Locale.ROOT, "<svg class=\"chart %s\" xmlns=\"http://www.w3.org/2000/svg\""
                        + " width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n", HtmlText.escape(name), WIDTH, height,
                WIDTH, height));
    }

    /** Where {@code value} of the horizontal axis lies, in pixels from the left. */
    public double x(double value) {
        double clamped = Math.max(xFrom, Math.min(xTo, value));
        return LEFT + (clamped - xFrom) / (xTo - xFrom) * (WIDTH - LEFT - RIGHT);
    }

    /** Where {@code value} of the vertical axis lies, in pixels from the top. */
    public double y(double value) {
        return TOP + plotHeight() - axis.up(value, plotHeight());
    }

    private int plotHeight() {
        return height - TOP - BOTTOM;
    }

    /** A band over the whole height from {@code from} to {@code to}: a fault's window, an interval. */
    public Plot shade(double from, double to, String cssClass, String fill, String title) {
        double left = x(from);
        svg.append(String.format(Locale.ROOT, "<rect class=\"%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\""
                        + " fill=\"%s\" fill-opacity=\"0.12\"><title>%s</title></rect>%n", cssClass, left, TOP,
                Math.max(1, x(to) - left), plotHeight(), fill, HtmlText.escape(title)));
        return this;
    }

    /** A vertical line at {@code at}, labelled at its top with {@code label} when not empty. */
    public Plot mark(double at, String stroke, String dash, String label, String title) {
        double left = x(at);
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"%s>"
                        + "<title>%s</title></line>%n", left, TOP, left, TOP + plotHeight(), stroke, dashed(dash),
                HtmlText.escape(title)));
        if (!label.isEmpty()) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"%s\">%s</text>%n",
                    left + 3, TOP + 10, stroke, HtmlText.escape(label)));
        }
        return this;
    }

    /** The plot's frame, the vertical axis' labels with light grid lines, and {@code xLabels} along the bottom. */
    public Plot frame(List<ChartAxis.Label> xLabels) {
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                + " stroke=\"#999\"/>%n", LEFT, TOP, WIDTH - LEFT - RIGHT, plotHeight()));
        for (ChartAxis.Label label : axis.labels()) {
            double at = y(label.value());
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\""
                            + " stroke=\"#eee\"/>%n<text x=\"4\" y=\"%.1f\" font-size=\"11\">%s</text>%n", LEFT, at,
                    WIDTH - RIGHT, at, Math.min(TOP + plotHeight(), Math.max(TOP + 10, at + 4)),
                    HtmlText.escape(label.text())));
        }
        for (ChartAxis.Label label : xLabels) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">"
                    + "%s</text>%n", x(label.value()), height - 8, HtmlText.escape(label.text())));
        }
        return this;
    }

    /** A line through {@code points} (horizontal, vertical values); nothing when there are none. */
    public Plot line(String stroke, String dash, List<Point> points, String title) {
        if (points.isEmpty()) {
            return this;
        }
        StringBuilder at = new StringBuilder();
        points.forEach(point -> at.append(String.format(Locale.ROOT, "%.1f,%.1f ", x(point.x()), y(point.y()))));
        svg.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s"
                + " points=\"%s\"><title>%s</title></polyline>%n", stroke, dashed(dash), at.toString().trim(),
                HtmlText.escape(title)));
        return this;
    }

    /** A horizontal dashed line at {@code value}: a limit, its {@code label} written over its right end. */
    public Plot limit(double value, String stroke, String label) {
        double at = y(value);
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\""
                        + " stroke-dasharray=\"4 3\"><title>%s</title></line>%n"
                        + "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\" fill=\"%s\">%s</text>%n",
                LEFT, at, WIDTH - RIGHT, at, stroke, HtmlText.escape(label), WIDTH - RIGHT - 4, at - 3, stroke,
                HtmlText.escape(label)));
        return this;
    }

    /** A bar from the floor up to {@code value}, {@code width} pixels wide, centred on {@code at}. */
    public Plot bar(double at, double value, double width, String fill, String title) {
        double top = y(value);
        svg.append(String.format(Locale.ROOT, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\""
                        + " fill=\"%s\"><title>%s</title></rect>%n", x(at) - width / 2, top, width,
                TOP + plotHeight() - top, fill, HtmlText.escape(title)));
        return this;
    }

    /**
     * A whisker at {@code at} from {@code low} to {@code high} (an interval), capped {@code cap} pixels wide at each
     * end it has; a null end is open, drawn to the axis' edge without a cap.
     */
    public Plot whisker(double at, Double low, Double high, double cap, String stroke, String title) {
        double cx = x(at);
        double bottom = low == null ? TOP + plotHeight() : y(low);
        double top = high == null ? TOP : y(high);
        StringBuilder path = new StringBuilder(String.format(Locale.ROOT, "M%.1f %.1fL%.1f %.1f", cx, bottom, cx,
                top));
        if (high != null) {
            path.append(String.format(Locale.ROOT, "M%.1f %.1fL%.1f %.1f", cx - cap / 2, top, cx + cap / 2, top));
        }
        if (low != null) {
            path.append(String.format(Locale.ROOT, "M%.1f %.1fL%.1f %.1f", cx - cap / 2, bottom, cx + cap / 2,
                    bottom));
        }
        svg.append(String.format(Locale.ROOT, "<path class=\"whisker\" d=\"%s\" stroke=\"%s\" stroke-width=\"1.5\""
                + " fill=\"none\"><title>%s</title></path>%n", path, stroke, HtmlText.escape(title)));
        return this;
    }

    /** A box from {@code (x0, low)} to {@code (x1, high)} in the axes' values, with {@code text} inside. */
    public Plot box(double x0, double x1, double low, double high, String cssClass, String fill, String text,
                    String title) {
        double left = x(x0);
        double top = y(high);
        double width = Math.max(1, x(x1) - left);
        svg.append(String.format(Locale.ROOT, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\""
                        + " fill=\"%s\" stroke=\"#fff\"><title>%s</title></rect>%n", cssClass, left, top, width,
                y(low) - top, fill, HtmlText.escape(title)));
        if (!text.isEmpty() && width > 7 * text.length()) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">%s</text>%n",
                    left + 3, (top + y(low)) / 2 + 4, HtmlText.escape(text)));
        }
        return this;
    }

    /** A dot at {@code (at, value)}: filled, or a ring when {@code hollow}. */
    public Plot dot(double at, double value, String cssClass, String colour, boolean hollow, String title) {
        svg.append(String.format(Locale.ROOT, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\""
                        + " stroke=\"%s\" stroke-width=\"1.5\"><title>%s</title></circle>%n", cssClass, x(at), y(value),
                hollow ? "#fff" : colour, colour, HtmlText.escape(title)));
        return this;
    }

    /** A cross at {@code (at, value)}: a step that failed. */
    public Plot cross(double at, double value, String cssClass, String colour, String title) {
        double cx = x(at);
        double cy = y(value);
        svg.append(String.format(Locale.ROOT, "<path class=\"%s\" d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\""
                        + " stroke=\"%s\" stroke-width=\"2.5\"><title>%s</title></path>%n", cssClass, cx - 5, cy - 5,
                cx + 5, cy + 5, cx - 5, cy + 5, cx + 5, cy - 5, colour, HtmlText.escape(title)));
        return this;
    }

    /** The legend, in a row above the plot: what each colour and stroke stands for. */
    public Plot legend(List<LegendEntry> entries) {
        svg.append("<g class=\"legend\">\n");
        double left = LEFT;
        for (LegendEntry entry : entries) {
            svg.append(switch (entry.mark()) {
                case LINE, DASHED -> String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"11\" x2=\"%.1f\" y2=\"11\""
                        + " stroke=\"%s\" stroke-width=\"2\"%s/>%n", left, left + 18, entry.colour(),
                        dashed(entry.mark() == LegendEntry.Mark.DASHED ? "4 3" : ""));
                case BOX -> String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"5\" width=\"18\" height=\"12\" fill=\"%s\""
                        + " fill-opacity=\"0.5\"/>%n", left, entry.colour());
                case DOT, RING -> String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"11\" r=\"4\" fill=\"%s\""
                        + " stroke=\"%s\" stroke-width=\"1.5\"/>%n", left + 9,
                        entry.mark() == LegendEntry.Mark.RING ? "#fff" : entry.colour(), entry.colour());
                case CROSS -> String.format(Locale.ROOT, "<path d=\"M%.1f 6L%.1f 16M%.1f 16L%.1f 6\" stroke=\"%s\""
                        + " stroke-width=\"2.5\"/>%n", left + 4, left + 14, left + 4, left + 14, entry.colour());
            });
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"15\" font-size=\"12\">%s</text>%n", left + 22,
                    HtmlText.escape(entry.text())));
            left += 22 + 7 * entry.text().length() + 18;
        }
        svg.append("</g>\n");
        return this;
    }

    /** The finished SVG element. */
    public String close() {
        return svg + "</svg>\n";
    }

    private static String dashed(String dash) {
        return dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\"";
    }

    /** A point of a line: its horizontal and its vertical value. */
    public record Point(double x, double y) {
    }
}
