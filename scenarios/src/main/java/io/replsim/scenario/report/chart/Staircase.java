package io.replsim.scenario.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * A distribution drawn as a staircase: for each value, the share of {@code total} at or below it, rising by one
 * share at each value. Values that never came (a user never served again, a fault without a new view) count in
 * {@code total} and not among {@code sorted}, so the staircase ends below 100% by their share.
 */
public final class Staircase {

    private Staircase() {
    }

    /** The points from (0, 0%) through each of {@code sorted} (ascending), each a step up by 100 / {@code total}. */
    public static List<Plot.Point> of(List<Long> sorted, int total) {
        List<Plot.Point> points = new ArrayList<>();
        double share = 100.0 / Math.max(1, total);
        points.add(new Plot.Point(0, 0));
        for (int i = 0; i < sorted.size(); i++) {
            points.add(new Plot.Point(sorted.get(i), i * share));
            points.add(new Plot.Point(sorted.get(i), (i + 1) * share));
        }
        return points;
    }
}
