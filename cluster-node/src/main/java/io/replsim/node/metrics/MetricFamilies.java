package io.replsim.node.metrics;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import io.replsim.replication.member.LatencyDistribution;

import java.util.ArrayList;
import java.util.List;

/**
 * The metric families of one scrape, each with one data point labelled with the node's name. A counter's name is
 * given without {@code _total}, which the exposition adds; a name ending in a unit's name gets that unit.
 */
final class MetricFamilies {
    private final Labels labels;
    private final List<MetricSnapshot> families = new ArrayList<>();

    MetricFamilies(String node) {
        this.labels = Labels.of("node", node);
    }

    MetricFamilies counter(String name, String help, double value) {
        families.add(CounterSnapshot.builder().name(name).help(help).unit(unitOf(name))
                .dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(labels).value(value).build())
                .build());
        return this;
    }

    MetricFamilies gauge(String name, String help, double value) {
        families.add(GaugeSnapshot.builder().name(name).help(help).unit(unitOf(name))
                .dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels).value(value).build())
                .build());
        return this;
    }

    /** A classic histogram in seconds from a distribution in µs: the buckets' bounds, then +Inf. */
    MetricFamilies histogram(String name, String help, LatencyDistribution distribution) {
        double[] bounds = new double[distribution.counts().size()];
        long[] counts = new long[bounds.length];
        for (int i = 0; i < bounds.length; i++) {
            bounds[i] = i < distribution.upperBoundsMicros().size()
                    ? distribution.upperBoundsMicros().get(i) / 1e6 : Double.POSITIVE_INFINITY;
            counts[i] = distribution.counts().get(i);
        }
        families.add(HistogramSnapshot.builder().name(name).help(help).unit(Unit.SECONDS)
                .dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder().labels(labels)
                        .classicHistogramBuckets(ClassicHistogramBuckets.of(bounds, counts))
                        .sum(distribution.sumMicros() / 1e6).build())
                .build());
        return this;
    }

    MetricSnapshots snapshots() {
        return new MetricSnapshots(families);
    }

    private static Unit unitOf(String name) {
        for (Unit unit : List.of(Unit.SECONDS, Unit.BYTES, Unit.RATIO)) {
            if (name.endsWith("_" + unit)) {
                return unit;
            }
        }
        return null;
    }
}
