package io.replsim.scenario.report;

import io.replsim.loadgen.record.Second;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * Measures a fault's effect on the service from what the load driver and the nodes recorded, all of it after the
 * run: errors, the response-time spike and how long p90 stayed above the bound, the throughput dip, and the
 * survivors' CPU against the ceiling and against the even-spread prediction.
 */
public final class FaultImpactAnalysis {
    /** The least a window lasts, and how far it reaches past a heal or the last failover. */
    static final Duration MIN_WINDOW = Duration.ofSeconds(10);
    static final Duration AFTER_RECOVERY = Duration.ofSeconds(5);
    /** How far back "before" looks, never into the ramp-up. */
    static final Duration BEFORE = Duration.ofSeconds(10);

    private static final java.util.Set<String> TAKES_NODES_AWAY = java.util.Set.of("kill", "double-kill", "stop",
            "pause", "partition");

    private final Records records;

    /**
     * What the run recorded. {@code cpu}: each node's readings, oldest first. {@code p90Bound}: the response-time
     * bound of the run (the scenario's p90 check, else 0.8 s); {@code cpuCeiling}: the utilization no node should
     * pass (0.6), so that the survivors can take over a failed node's load.
     */
    public record Records(long loadStartEpochMs, Duration rampUp, Duration duration, List<Second> seconds,
                          List<LatencyInterval> intervals, Map<String, List<CpuSample>> cpu, Duration p90Bound,
                          double cpuCeiling) {
    }

    public FaultImpactAnalysis(Records records) {
        this.records = records;
    }

    public FaultImpact analyse(FaultReport fault) {
        long at = fault.atMs();
        long end = records.duration().toMillis();
        long reach = Math.max(at + MIN_WINDOW.toMillis(), at + AFTER_RECOVERY.toMillis()
                + Math.max(fault.healedAtMs() == null ? 0 : fault.healedAtMs() - at,
                        fault.failoverMs() == null ? 0 : fault.failoverMs()));
        long to = Math.min(end, reach);
        long beforeFrom = Math.max(records.rampUp().toMillis(), at - BEFORE.toMillis());

        List<Second> window = secondsFrom(at, to);
        List<Second> before = secondsWithin(beforeFrom, at);
        long errors = window.stream().mapToLong(Second::errors).sum();
        Double throughputBefore = before.isEmpty() ? null
                : before.stream().mapToLong(Second::requests).average().orElseThrow();
        Double lowest = window.isEmpty() ? null
                : (double) window.stream().mapToLong(Second::requests).min().orElseThrow();
        Double dip = throughputBefore == null || lowest == null || throughputBefore == 0 ? null
                : Math.max(0, 1 - lowest / throughputBefore);

        Optional<Histogram> beforeLatency = added(intervalsWithin(beforeFrom, at));
        List<LatencyInterval> windowIntervals = intervalsFrom(at, to);
        Optional<Histogram> windowLatency = added(windowIntervals);
        P90Recovery recovery = p90Recovery(windowIntervals, at);

        List<FaultImpact.SurvivorCpu> survivors = new ArrayList<>();
        List<Double> allBefore = new ArrayList<>();
        long faultEpoch = fault.epochMs();
        long afterFrom = faultEpoch + (fault.viewChangeMs() == null ? 0 : fault.viewChangeMs());
        long windowEndEpoch = records.loadStartEpochMs() + to;
        long beforeFromEpoch = records.loadStartEpochMs() + beforeFrom;
        for (var node : records.cpu().entrySet()) {
            Double utilizationBefore = utilization(node.getValue(), beforeFromEpoch, faultEpoch);
            if (utilizationBefore != null) {
                allBefore.add(utilizationBefore);
            }
            if (!fault.nodes().contains(node.getKey())) {
                survivors.add(new FaultImpact.SurvivorCpu(node.getKey(), utilizationBefore,
                        utilization(node.getValue(), afterFrom, windowEndEpoch)));
            }
        }
        Double meanBefore = allBefore.isEmpty() ? null
                : allBefore.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        int nodes = allBefore.size();
        int left = nodes - fault.nodes().size();
        // Only a fault that takes nodes away leaves their load to the others; a delay or a restart does not.
        Double predicted = meanBefore == null || left <= 0 || !TAKES_NODES_AWAY.contains(fault.type()) ? null
                : meanBefore * nodes / left;

        return new FaultImpact(at, to, errors, throughputBefore, lowest, dip,
                beforeLatency.map(h -> h.getValueAtPercentile(99) / 1000.0).orElse(null),
                beforeLatency.map(h -> h.getMaxValue() / 1000.0).orElse(null),
                windowLatency.map(h -> h.getValueAtPercentile(99) / 1000.0).orElse(null),
                windowLatency.map(h -> h.getMaxValue() / 1000.0).orElse(null),
                records.p90Bound().toNanos() / 1e6, recovery.afterMs(), recovery.never(), survivors, meanBefore,
                predicted,
                records.cpuCeiling());
    }

    /** When p90 was back under its bound for good, or {@code never} within the window. */
    private record P90Recovery(Long afterMs, boolean never) {}

    /**
     * From the fault to the end of the window's last interval whose p90 was above the bound, 0 when none was. A
     * recovery needs evidence: an interval with answers, p90 under the bound, after the last bad one. A window that
     * ends above the bound, or with nothing answered since, never recovered (the end of the window is not a
     * recovery, and no answers are not fast ones).
     */
    private P90Recovery p90Recovery(List<LatencyInterval> window, long at) {
        if (window.isEmpty()) {
            return new P90Recovery(null, false);
        }
        double boundMicros = records.p90Bound().toNanos() / 1000.0;
        Long lastBadEndMs = null;
        boolean goodSince = false;
        boolean anyAnswered = false;
        for (LatencyInterval interval : window) {
            if (interval.micros().getTotalCount() == 0) {
                continue;
            }
            anyAnswered = true;
            if (interval.micros().getValueAtPercentile(90) > boundMicros) {
                lastBadEndMs = interval.endEpochMs() - records.loadStartEpochMs() - at;
                goodSince = false;
            } else {
                goodSince = true;
            }
        }
        if (!anyAnswered || (lastBadEndMs != null && !goodSince)) {
            return new P90Recovery(null, true);
        }
        return new P90Recovery(lastBadEndMs == null ? 0L : lastBadEndMs, false);
    }

    /*
     * Seconds and log intervals do not start at the fault: the one it falls in holds its first errors and its first
     * slow answers (refused connections, the failover's retries), so it belongs to the window, never to "before".
     */

    /** The whole seconds that end after {@code fromMs} and by {@code toMs}, after the start of the load. */
    private List<Second> secondsFrom(long fromMs, long toMs) {
        long from = records.loadStartEpochMs() + fromMs;
        long to = records.loadStartEpochMs() + toMs;
        return records.seconds().stream()
                .filter(second -> (second.epochSecond() + 1) * 1000 > from && (second.epochSecond() + 1) * 1000 <= to)
                .toList();
    }

    /** The seconds wholly inside [fromMs, toMs) after the start of the load. */
    private List<Second> secondsWithin(long fromMs, long toMs) {
        long from = records.loadStartEpochMs() + fromMs;
        long to = records.loadStartEpochMs() + toMs;
        return records.seconds().stream()
                .filter(second -> second.epochSecond() * 1000 >= from && second.epochSecond() * 1000 + 1000 <= to)
                .toList();
    }

    /** The intervals that overlap [fromMs, toMs) after the start of the load. */
    private List<LatencyInterval> intervalsFrom(long fromMs, long toMs) {
        long from = records.loadStartEpochMs() + fromMs;
        long to = records.loadStartEpochMs() + toMs;
        return records.intervals().stream()
                .filter(interval -> interval.endEpochMs() > from && interval.startEpochMs() < to)
                .toList();
    }

    /** The intervals wholly inside [fromMs, toMs) after the start of the load. */
    private List<LatencyInterval> intervalsWithin(long fromMs, long toMs) {
        long from = records.loadStartEpochMs() + fromMs;
        long to = records.loadStartEpochMs() + toMs;
        return records.intervals().stream()
                .filter(interval -> interval.startEpochMs() >= from && interval.endEpochMs() <= to)
                .toList();
    }

    /** Percentiles of a stretch come from the sum of its histograms, never from averaging percentiles. */
    private static Optional<Histogram> added(List<LatencyInterval> intervals) {
        if (intervals.stream().allMatch(interval -> interval.micros().getTotalCount() == 0)) {
            return Optional.empty();
        }
        Histogram sum = new Histogram(3);
        intervals.forEach(interval -> sum.add(interval.micros()));
        return Optional.of(sum);
    }

    /** Utilization between the first reading at or after {@code from} and the last at or before {@code to}. */
    private static Double utilization(List<CpuSample> samples, long from, long to) {
        Optional<CpuSample> first = samples.stream().filter(s -> s.atEpochMs() >= from).findFirst();
        Optional<CpuSample> last = samples.stream().filter(s -> s.atEpochMs() <= to).reduce((a, b) -> b);
        if (first.isEmpty() || last.isEmpty() || last.get().atEpochMs() <= first.get().atEpochMs()
                || !first.get().sameProcessAs(last.get())) {
            return null;
        }
        return first.get().coresUntil(last.get()) / first.get().budgetCores();
    }
}
