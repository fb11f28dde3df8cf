package io.replsim.scenario.report;

import io.replsim.node.stats.NodeStatsReport;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A node's CPU over a window of the load, worked out from its CPU readings (those of its latest process): the cores
 * it used on average, what that figure was measured over ({@code over}: the window's label, {@value #WHOLE_LOAD},
 * or the node's own last reading) and the share of it its JIT compiler threads used (null: not measured).
 */
public record NodeCpuFigure(double cores, String over, Double compilerShare) {

    /** The label of a CPU figure over every reading of the node's process, when too few fell in the window. */
    static final String WHOLE_LOAD = "whole load";

    /**
     * Over {@code [fromEpochMs, toEpochMs]} (the steady window, labelled {@code windowLabel}): the cores between the
     * first and the last of {@code samples} answered within the window, without the ramp-up's JIT compilation and
     * session creation or the idle seconds after the load. With fewer than two inside (a node killed, stopped or
     * restarted near the window's edge, a window shorter than the sampling period), between its first and last
     * readings of all, labelled {@value #WHOLE_LOAD}; with fewer than two of those, the rate the node itself reported
     * over its own last window ({@code own}, null when it never answered), labelled so.
     */
    public static NodeCpuFigure over(List<CpuSample> samples, NodeStatsReport.Cpu own, long fromEpochMs,
                                     long toEpochMs, String windowLabel) {
        Double compilerShare = compilerShare(samples, fromEpochMs, toEpochMs).orElse(null);
        OptionalDouble inside = coresWithin(samples, fromEpochMs, toEpochMs);
        if (inside.isPresent()) {
            return new NodeCpuFigure(inside.getAsDouble(), windowLabel, compilerShare);
        }
        if (samples.size() >= 2) {
            return new NodeCpuFigure(samples.getFirst().coresUntil(samples.getLast()), WHOLE_LOAD, compilerShare);
        }
        return own == null ? new NodeCpuFigure(0, "not measured", compilerShare)
                : new NodeCpuFigure(own.usedCores(), "one reading: the node's own last " + own.windowMs() + " ms",
                        compilerShare);
    }

    /** Cores between the first and the last of one process's readings answered within the window, if two are. */
    static OptionalDouble coresWithin(List<CpuSample> samples, long fromEpochMs, long toEpochMs) {
        List<CpuSample> inside = within(samples, fromEpochMs, toEpochMs);
        return inside.size() < 2 ? OptionalDouble.empty()
                : OptionalDouble.of(inside.getFirst().coresUntil(inside.getLast()));
    }

    /**
     * The JIT compiler threads' share of the node's CPU between the first and the last reading answered within the
     * window; empty when not measured or fewer than two readings fall inside.
     */
    private static Optional<Double> compilerShare(List<CpuSample> samples, long fromEpochMs, long toEpochMs) {
        List<CpuSample> inside = within(samples, fromEpochMs, toEpochMs);
        return inside.size() < 2 ? Optional.empty() : inside.getFirst().compilerShareUntil(inside.getLast());
    }

    /** One process's readings answered within {@code [fromEpochMs, toEpochMs]}, oldest first. */
    private static List<CpuSample> within(List<CpuSample> samples, long fromEpochMs, long toEpochMs) {
        return samples.stream()
                .filter(sample -> sample.atEpochMs() >= fromEpochMs && sample.atEpochMs() <= toEpochMs).toList();
    }
}
