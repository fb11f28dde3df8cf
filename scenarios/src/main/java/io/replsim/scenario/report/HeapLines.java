package io.replsim.scenario.report;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The console's heap lines, printed after the summary by a run and by {@code replsim report}: one per node process
 * that lived long enough for a slope, what a long run shows of leaks.
 */
public final class HeapLines {
    private HeapLines() {
    }

    public static void print(List<HeapTrend> heap, PrintStream out) {
        for (HeapTrend trend : heap) {
            if (trend.slopeBytesPerMinute() == null) {
                continue;
            }
            out.printf(Locale.ROOT, "heap      %s%s %s %.1f MB -> %.1f MB over %d minutes: slope %+.1f KB/min%n",
                    trend.node(), trend.life() == 1 ? "" : " (life " + trend.life() + ")",
                    trend.basis() == HeapBasis.AFTER_FULL_GC ? "after forced full GCs (least of each minute)"
                            : "after GC (floor of each minute)",
                    trend.firstFloorBytes() / 1048576.0, trend.lastFloorBytes() / 1048576.0, trend.minutes(),
                    trend.slopeBytesPerMinute() / 1024);
        }
    }
}
