package io.replsim.scenario.report;

import io.replsim.scenario.report.chart.ChartAxis;
import io.replsim.scenario.report.chart.LegendEntry;
import io.replsim.scenario.report.chart.Palette;
import io.replsim.scenario.report.chart.Plot;
import io.replsim.scenario.report.chart.RoundValues;
import io.replsim.scenario.report.chart.Staircase;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How long the users on a fault's nodes waited for a good answer elsewhere, as a distribution: for each time since
 * the fault, the share of the fault's affected users served again by then (a line per fault). A line that ends below
 * 100% has users never served elsewhere (or kept by the fault's node).
 */
final class FailoverChart {

    private FailoverChart() {
    }

    /** Says so instead when no confirmed fault had users to move. */
    static String html(List<FailoverTimes> faults) {
        List<FailoverTimes> moved = faults.stream().filter(fault -> !fault.usersMs().isEmpty()).toList();
        if (moved.isEmpty()) {
            return "<p>No user was served again on another node after a fault" + (faults.isEmpty()
                    ? " (no confirmed fault, or the run was written before replsim recorded failover times)."
                    : ".") + "</p>\n";
        }
        long longest = moved.stream().mapToLong(fault -> fault.usersMs().getLast()).max().orElse(1);
        double right = Math.max(10, longest * 1.05);
        List<LegendEntry> legend = new ArrayList<>();
        for (int i = 0; i < moved.size(); i++) {
            FailoverTimes fault = moved.get(i);
            legend.add(new LegendEntry(Palette.colour(i), LegendEntry.Mark.LINE, String.format(Locale.ROOT,
                    "%s at %.1f s: %d of %d users, last %d ms", fault.fault(), fault.atMs() / 1000.0,
                    fault.usersMs().size(), fault.affectedUsers(), fault.usersMs().getLast())));
        }
        Plot plot = new Plot("failover", 220, 0, right, new ChartAxis.Linear(100, "% of users"));
        plot.frame(RoundValues.upTo(right, 10).stream()
                .map(ms -> new ChartAxis.Label(ms, RoundValues.text(ms) + " ms")).toList()).legend(legend);
        for (int i = 0; i < moved.size(); i++) {
            plot.line(Palette.colour(i), "", steps(moved.get(i)), moved.get(i).fault()
                    + ": share of its users served again elsewhere, by time since the fault");
        }
        return plot.close();
    }

    /** The distribution as a staircase: up by one user's share at each user's time. */
    static List<Plot.Point> steps(FailoverTimes fault) {
        return Staircase.of(fault.usersMs(), fault.affectedUsers());
    }
}
