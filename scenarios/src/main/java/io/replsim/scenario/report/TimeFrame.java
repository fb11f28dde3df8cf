package io.replsim.scenario.report;

import io.replsim.scenario.report.chart.ChartAxis;
import io.replsim.scenario.report.chart.LegendEntry;
import io.replsim.scenario.report.chart.Plot;
import io.replsim.scenario.report.chart.RoundValues;
import java.util.ArrayList;
import java.util.List;

/**
 * What every chart over the load's time shares: seconds after the start of the load along the bottom, and each
 * fault's window shaded (from the fault to 10 s after it, or 5 s after its heal or its last failover when later),
 * with the fault named at its start and a heal marked where it was healed.
 */
record TimeFrame(long durationMs, List<FaultReport> faults) {
    static final String FAULT_FILL = "#e33";

    TimeFrame {
        faults = List.copyOf(faults);
    }

    /** A chart named {@code name} over the load, the faults shaded and {@code legend} above it with theirs. */
    Plot plot(String name, int height, ChartAxis axis, List<LegendEntry> legend) {
        double seconds = Math.max(1, durationMs) / 1000.0;
        Plot plot = new Plot(name, height, 0, seconds, axis);
        for (FaultReport fault : faults) {
            long to = fault.impact() != null ? fault.impact().windowToMs()
                    : Math.min(durationMs, fault.atMs() + FaultImpactAnalysis.MIN_WINDOW.toMillis());
            plot.shade(fault.atMs() / 1000.0, to / 1000.0, "fault", FAULT_FILL, FaultTables.label(fault));
            plot.mark(fault.atMs() / 1000.0, "#c00", "", fault.type() + " " + fault.node(), FaultTables.label(fault));
            if (fault.healedAtMs() != null) {
                plot.mark(fault.healedAtMs() / 1000.0, "#070", "3 3", "", "healed");
            }
        }
        List<ChartAxis.Label> ticks = RoundValues.upTo(seconds, 12).stream()
                .map(at -> new ChartAxis.Label(at, RoundValues.text(at) + " s")).toList();
        List<LegendEntry> withFaults = new ArrayList<>(legend);
        if (!faults.isEmpty()) {
            withFaults.add(new LegendEntry(FAULT_FILL, LegendEntry.Mark.BOX, "fault window"));
        }
        return plot.frame(ticks).legend(withFaults);
    }

    /** Whether {@code ms} after the start of the load is within it: readings before and after it are left out. */
    boolean holds(long ms) {
        return ms >= 0 && ms <= durationMs;
    }

    /** The middle of a wall-clock second, in seconds after the start of the load at {@code loadStartEpochMs}. */
    static double middleOf(long epochSecond, long loadStartEpochMs) {
        return (epochSecond * 1000.0 + 500 - loadStartEpochMs) / 1000.0;
    }
}
