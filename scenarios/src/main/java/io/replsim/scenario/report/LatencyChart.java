package io.replsim.scenario.report;

import io.replsim.scenario.report.chart.ChartAxis;
import io.replsim.scenario.report.chart.LegendEntry;
import io.replsim.scenario.report.chart.Plot;
import java.util.List;
import java.util.Locale;

/**
 * The response times of each second of the latency log, p50, p90 and p99, on a logarithmic axis (a failover's
 * second-long spike beside a steady few ms would flatten the lines into one along the floor), with the p90 limit
 * dashed and labelled.
 */
final class LatencyChart {
    static final String P50 = "#7b4";
    static final String P90 = "#06c";
    static final String P99 = "#f80";

    private LatencyChart() {
    }

    static String svg(TimeFrame frame, List<LatencyInterval> intervals, long loadStartEpochMs, double p90LimitMs) {
        List<LatencyInterval> answered = intervals.stream().filter(i -> i.micros().getTotalCount() > 0).toList();
        double smallest = p90LimitMs;
        double largest = p90LimitMs * 1.2;
        for (LatencyInterval interval : answered) {
            smallest = Math.min(smallest, ms(interval, 50));
            largest = Math.max(largest, ms(interval, 99) * 1.1);
        }
        String limit = String.format(Locale.ROOT, "p90 limit %.0f ms", p90LimitMs);
        Plot plot = frame.plot("latency", 240, ChartAxis.Logarithmic.over(smallest, largest, "ms"), List.of(
                new LegendEntry(P50, LegendEntry.Mark.LINE, "p50"), new LegendEntry(P90, LegendEntry.Mark.LINE, "p90"),
                new LegendEntry(P99, LegendEntry.Mark.LINE, "p99"), new LegendEntry(P90, LegendEntry.Mark.DASHED,
                        limit)));
        plot.limit(p90LimitMs, P90, limit);
        plot.line(P99, "", points(answered, 99, loadStartEpochMs), "p99 per second");
        plot.line(P90, "", points(answered, 90, loadStartEpochMs), "p90 per second");
        plot.line(P50, "", points(answered, 50, loadStartEpochMs), "p50 per second");
        return plot.close();
    }

    private static List<Plot.Point> points(List<LatencyInterval> intervals, double percentile, long loadStartEpochMs) {
        return intervals.stream().map(interval -> new Plot.Point(
                ((interval.startEpochMs() + interval.endEpochMs()) / 2.0 - loadStartEpochMs) / 1000.0,
                ms(interval, percentile))).toList();
    }

    private static double ms(LatencyInterval interval, double percentile) {
        return interval.micros().getValueAtPercentile(percentile) / 1000.0;
    }
}
