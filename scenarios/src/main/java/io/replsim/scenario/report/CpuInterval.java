package io.replsim.scenario.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A node's CPU between two of the runner's readings of it (about a second apart): the cores it used over its own
 * monotonic clock between them, against its budget; times in ms after the start of the load.
 */
public record CpuInterval(long fromMs, long toMs, double cores, double budgetCores) {

    /** The share of its budget the node used; 0 for a budget of 0. */
    public double utilization() {
        return budgetCores <= 0 ? 0 : cores / budgetCores;
    }

    /**
     * Each node's intervals between consecutive readings, oldest first; a pair across a restart (readings of two
     * processes, {@link CpuSample#sameProcessAs}) measures no interval and is left out.
     */
    static Map<String, List<CpuInterval>> of(Map<String, List<CpuSample>> samples, long loadStartEpochMs) {
        Map<String, List<CpuInterval>> intervals = new TreeMap<>();
        samples.forEach((node, readings) -> {
            List<CpuInterval> between = new ArrayList<>();
            for (int i = 1; i < readings.size(); i++) {
                CpuSample from = readings.get(i - 1);
                CpuSample to = readings.get(i);
                if (from.sameProcessAs(to) && to.monotonicMs() > from.monotonicMs()) {
                    between.add(new CpuInterval(from.atEpochMs() - loadStartEpochMs, to.atEpochMs() - loadStartEpochMs,
                            from.coresUntil(to), to.budgetCores()));
                }
            }
            intervals.put(node, List.copyOf(between));
        });
        return intervals;
    }
}
