package io.replsim.scenario.compare;

import io.replsim.scenario.report.chart.ChartAxis;
import io.replsim.scenario.report.chart.LegendEntry;
import io.replsim.scenario.report.chart.Palette;
import io.replsim.scenario.report.chart.Plot;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One figure's ratios to the reference as bars: the reference's bar at 1.0, each variant's at its ratio with its 95%
 * interval as a whisker (an open end runs to the chart's edge, uncapped), and 1.0 dashed across, so a whisker that
 * does not cross the line is a variant that differs. The baseline has no ratio and no bar.
 */
final class RatioChart {
    static final int HEIGHT = 300;
    private static final String REFERENCE_GREY = "#bbbbbb";
    private static final double HEADROOM = 1.15;

    private RatioChart() {
    }

    static String svg(ComparedFigure figure, String reference) {
        List<ComparedFigure.Bar> bars = figure.bars().stream().filter(bar -> !bar.role().equals("baseline")).toList();
        Plot plot = new Plot("ratios " + figure.name().replace(' ', '-'), HEIGHT, 0, bars.size(), new ChartAxis.Linear(top(bars),
                "× " + reference));
        List<ChartAxis.Label> names = new ArrayList<>();
        for (int i = 0; i < bars.size(); i++) {
            names.add(new ChartAxis.Label(i + 0.5, bars.get(i).scenario()));
        }
        plot.frame(names);
        double width = Math.min(90, 0.5 * (Plot.WIDTH - 80) / bars.size());
        for (int i = 0; i < bars.size(); i++) {
            ComparedFigure.Bar bar = bars.get(i);
            double at = i + 0.5;
            if (bar.scenario().equals(reference)) {
                plot.bar(at, 1.0, width, REFERENCE_GREY, bar.scenario() + ": the reference, 1.0");
            } else if (bar.interval() != null) {
                RatioInterval interval = bar.interval();
                String colour = Palette.colour(i);
                plot.bar(at, interval.ratio(), width, colour, String.format(Locale.ROOT, "%s: %.2f × %s",
                        bar.scenario(), interval.ratio(), reference));
                plot.whisker(at, interval.low(), interval.high(), width / 2, "#222", String.format(Locale.ROOT,
                        "%s: 95%% interval %s, %s", bar.scenario(), interval.format(), interval.verdict().label()));
            }
        }
        return plot.legend(List.of(new LegendEntry(REFERENCE_GREY, LegendEntry.Mark.BOX, "reference " + reference),
                        new LegendEntry("#222", LegendEntry.Mark.LINE, "95% interval (open end: to the edge)"),
                        new LegendEntry("#b00", LegendEntry.Mark.DASHED, "1.0: the reference's own")))
                .limit(1.0, "#b00", "1.0").close();
    }

    /** Room above the highest ratio or interval end, 1.0 always on the chart. */
    private static double top(List<ComparedFigure.Bar> bars) {
        double top = 1.0;
        for (ComparedFigure.Bar bar : bars) {
            if (bar.interval() != null) {
                top = Math.max(top, bar.interval().ratio());
                if (bar.interval().high() != null) {
                    top = Math.max(top, bar.interval().high());
                }
            }
        }
        return top * HEADROOM;
    }
}
