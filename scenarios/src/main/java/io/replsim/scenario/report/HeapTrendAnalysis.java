package io.replsim.scenario.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Works out each node process's {@link HeapTrend} from the readings sampled during the load. */
public final class HeapTrendAnalysis {
    private static final long MINUTE_MS = 60_000;
    private static final long WARM_UP_MS = 60_000;
    private static final int LEAST_MINUTES = 3;

    private HeapTrendAnalysis() {
    }

    /** {@code counters}: every node's readings, oldest first, restarts included; {@code basis}: what they are. */
    public static List<HeapTrend> of(Map<String, List<NodeSample>> counters, HeapBasis basis, long loadStartEpochMs,
                                     long loadEndEpochMs) {
        List<HeapTrend> trends = new ArrayList<>();
        for (var node : new TreeMap<>(counters).entrySet()) {
            List<List<NodeSample>> lives = lives(node.getValue());
            for (int life = 0; life < lives.size(); life++) {
                List<NodeSample> readings = lives.get(life).stream()
                        .filter(sample -> sample.uptimeMs() >= WARM_UP_MS && sample.heapAfterGcBytes() >= 0)
                        .filter(sample -> sample.atEpochMs() >= loadStartEpochMs && sample.atEpochMs() <= loadEndEpochMs)
                        .toList();
                if (readings.isEmpty()) {
                    continue;
                }
                trends.add(trend(node.getKey(), life + 1, readings, loadStartEpochMs, basis));
            }
        }
        return trends;
    }

    /** A fresh process reports a shorter uptime than the one before it. */
    private static List<List<NodeSample>> lives(List<NodeSample> samples) {
        List<List<NodeSample>> lives = new ArrayList<>();
        List<NodeSample> current = new ArrayList<>();
        for (NodeSample sample : samples) {
            if (!current.isEmpty() && sample.uptimeMs() < current.getLast().uptimeMs()) {
                lives.add(current);
                current = new ArrayList<>();
            }
            current.add(sample);
        }
        if (!current.isEmpty()) {
            lives.add(current);
        }
        return lives;
    }

    private static HeapTrend trend(String node, int life, List<NodeSample> readings, long loadStartEpochMs,
                                   HeapBasis basis) {
        TreeMap<Long, Long> floors = new TreeMap<>();
        for (NodeSample sample : readings) {
            long minute = (sample.atEpochMs() - loadStartEpochMs) / MINUTE_MS;
            floors.merge(minute, sample.heapAfterGcBytes(), Math::min);
        }
        Double slope = floors.size() < LEAST_MINUTES ? null : slope(floors);
        return new HeapTrend(node, life, readings.getFirst().atEpochMs() - loadStartEpochMs,
                readings.getLast().atEpochMs() - loadStartEpochMs, floors.size(), floors.firstEntry().getValue(),
                floors.lastEntry().getValue(), slope, basis);
    }

    /** Least squares of bytes against the minute. */
    static double slope(TreeMap<Long, Long> points) {
        double n = points.size();
        double meanX = points.keySet().stream().mapToLong(Long::longValue).average().orElseThrow();
        double meanY = points.values().stream().mapToLong(Long::longValue).average().orElseThrow();
        double covariance = 0;
        double variance = 0;
        for (var point : points.entrySet()) {
            covariance += (point.getKey() - meanX) * (point.getValue() - meanY);
            variance += (point.getKey() - meanX) * (point.getKey() - meanX);
        }
        return variance == 0 || n < 2 ? 0 : covariance / variance;
    }
}
