package io.replsim.scenario.report;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The points of a chart's line of one stroke, as the page draws them: pixels from the left and from the top. */
public record ChartPoints(List<double[]> points) {

    public static ChartPoints of(String svg, String stroke) {
        Matcher line = Pattern.compile("<polyline [^>]*stroke=\"" + stroke + "\"[^>]*points=\"([^\"]*)\"")
                .matcher(svg);
        if (!line.find()) {
            throw new AssertionError("no line of stroke " + stroke + " in " + svg);
        }
        return new ChartPoints(Arrays.stream(line.group(1).trim().split("\\s+"))
                .map(point -> Arrays.stream(point.split(",")).mapToDouble(Double::parseDouble).toArray()).toList());
    }

    /** The vertical pixel of the point nearest {@code x}. */
    double yNear(double x) {
        return points.stream().min((a, b) -> Double.compare(Math.abs(a[0] - x), Math.abs(b[0] - x))).orElseThrow()[1];
    }
}
