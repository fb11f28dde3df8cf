package io.replsim.scenario.run;

import io.replsim.scenario.report.chart.ChartAxis;
import io.replsim.scenario.report.chart.LegendEntry;
import io.replsim.scenario.report.chart.Palette;
import io.replsim.scenario.report.chart.Plot;
import io.replsim.scenario.report.chart.RoundValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Each drill's faults by run: a dot per fault at its time to the new view and one at its failover (the last
 * affected user served again), a run a column, so a drift over the runs or one slow run shows; a fault that never
 * got the figure is a red cross on the chart's top edge, as high as the chart reads.
 */
final class SoakRunsChart {
    static final String VIEW = Palette.colour(0);
    static final String FAILOVER = Palette.colour(1);
    static final String NEVER = "#b00";
    private static final double HEADROOM = 1.1;

    private SoakRunsChart() {
    }

    static String svg(SoakRunner.SoakSummary soak) {
        List<SoakRunner.Drill> drills = soak.drills();
        if (drills.isEmpty()) {
            return "<p>No drill finished.</p>\n";
        }
        double top = Math.max(10, HEADROOM * drills.stream()
                .flatMap(drill -> java.util.stream.Stream.concat(drill.viewChangeMs().stream(),
                        drill.failoverMs().stream()))
                .filter(Objects::nonNull).mapToLong(Long::longValue).max().orElse(0));
        int last = drills.stream().mapToInt(SoakRunner.Drill::run).max().orElse(1);
        Plot plot = new Plot("soak-runs", 240, 0.5, last + 0.5, new ChartAxis.Linear(top, "ms"));
        List<ChartAxis.Label> runs = new ArrayList<>();
        for (double run : RoundValues.upTo(last, Math.min(last, 12))) {
            if (run >= 1 && run == Math.rint(run)) {
                runs.add(new ChartAxis.Label(run, "run " + RoundValues.text(run)));
            }
        }
        plot.frame(runs).legend(List.of(new LegendEntry(VIEW, LegendEntry.Mark.DOT, "time to the new view"),
                new LegendEntry(FAILOVER, LegendEntry.Mark.RING, "failover: last affected user served again"),
                new LegendEntry(NEVER, LegendEntry.Mark.CROSS, "never (on the top edge)")));
        for (SoakRunner.Drill drill : drills) {
            marks(plot, drill, drill.viewChangeMs(), "view", VIEW, false, -0.12, top, "new view");
            marks(plot, drill, drill.failoverMs(), "failover", FAILOVER, true, 0.12, top, "failover");
        }
        return plot.close();
    }

    /** A fault's figure of one drill, its two kinds side by side in the run's column. */
    private static void marks(Plot plot, SoakRunner.Drill drill, List<Long> values, String kind, String colour,
                              boolean hollow, double offset, double top, String name) {
        for (int fault = 0; fault < values.size(); fault++) {
            Long value = values.get(fault);
            String title = String.format(Locale.ROOT, "run %d, fault %d: %s %s", drill.run(), fault + 1, name,
                    value == null ? "never" : value + " ms");
            if (value == null) {
                plot.cross(drill.run() + offset, top, kind + " never", NEVER, title);
            } else {
                plot.dot(drill.run() + offset, value, kind, colour, hollow, title);
            }
        }
    }
}
