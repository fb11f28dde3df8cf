package io.replsim.scenario.report;

import io.replsim.loadgen.record.Second;
import io.replsim.scenario.report.chart.ChartAxis;
import io.replsim.scenario.report.chart.LegendEntry;
import io.replsim.scenario.report.chart.Plot;
import java.util.List;

/** The requests the driver counted each second as a line, and its failed attempts as red bars under it. */
final class ThroughputChart {
    static final String REQUESTS = "#333";
    static final String ERRORS = "#c00";

    private ThroughputChart() {
    }

    static String svg(TimeFrame frame, List<Second> seconds, long loadStartEpochMs) {
        double max = Math.max(1, seconds.stream().mapToLong(Second::requests).max().orElse(1));
        Plot plot = frame.plot("throughput", 220, new ChartAxis.Linear(max, "req/s"), List.of(
                new LegendEntry(REQUESTS, LegendEntry.Mark.LINE, "requests per second"),
                new LegendEntry(ERRORS, LegendEntry.Mark.BOX, "failed attempts per second")));
        for (Second second : seconds) {
            if (second.errors() > 0) {
                plot.bar(TimeFrame.middleOf(second.epochSecond(), loadStartEpochMs), second.errors(), 3, ERRORS,
                        second.errors() + " errors");
            }
        }
        return plot.line(REQUESTS, "", seconds.stream()
                .map(second -> new Plot.Point(TimeFrame.middleOf(second.epochSecond(), loadStartEpochMs),
                        second.requests())).toList(), "requests per second").close();
    }
}
