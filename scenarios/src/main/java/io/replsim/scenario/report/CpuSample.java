package io.replsim.scenario.report;

/**
 * One reading of a node's process CPU time with the node's monotonic clock of the same instant (both from one
 * admin stats answer), placed on the run's timeline by the wall clock it was answered at.
 */
public record CpuSample(long atEpochMs, long monotonicMs, long processCpuMs, double budgetCores, Long compilerCpuMs) {

    /** A reading without the JIT compiler's part of the CPU time. */
    public CpuSample(long atEpochMs, long monotonicMs, long processCpuMs, double budgetCores) {
        this(atEpochMs, monotonicMs, processCpuMs, budgetCores, null);
    }

    /**
     * Cores used on average from this reading to a later one of the same process: CPU time over the node's own
     * monotonic time between the two, not over the wall clocks the answers were stamped with.
     */
    public double coresUntil(CpuSample later) {
        return (later.processCpuMs - processCpuMs) / (double) Math.max(1, later.monotonicMs - monotonicMs);
    }

    /** The JIT compiler threads' share of the process CPU from this reading to a later one; empty if not measured. */
    public java.util.Optional<Double> compilerShareUntil(CpuSample later) {
        long cpu = later.processCpuMs - processCpuMs;
        if (compilerCpuMs == null || later.compilerCpuMs == null || cpu <= 0) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(Math.min(1.0, (later.compilerCpuMs - compilerCpuMs) / (double) cpu));
    }
}
