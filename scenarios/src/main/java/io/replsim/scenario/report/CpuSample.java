package io.replsim.scenario.report;

/**
 * One reading of a node's process CPU time with the node's monotonic clock of the same instant (both from one
 * admin stats answer), placed on the run's timeline by the wall clock it was answered at. {@code
 * processStartEpochMs}: when the process answering started (its wall clock less its uptime), which tells a restarted
 * node's new process from its old one; null when not known.
 */
public record CpuSample(long atEpochMs, long monotonicMs, long processCpuMs, double budgetCores, Long compilerCpuMs,
                        Long processStartEpochMs) {
    /**
     * How far two readings of one process may put its start apart: its wall clock and its uptime are read a moment
     * apart. A restarted node's new process started after the old one had answered at least once, some hundreds of
     * milliseconds into its life.
     */
    static final long SAME_START_TOLERANCE_MS = 250;

    /** A reading without the JIT compiler's part of the CPU time, of a process whose start is not known. */
    public CpuSample(long atEpochMs, long monotonicMs, long processCpuMs, double budgetCores) {
        this(atEpochMs, monotonicMs, processCpuMs, budgetCores, null, null);
    }

    /** A reading of a process whose start is not known. */
    public CpuSample(long atEpochMs, long monotonicMs, long processCpuMs, double budgetCores, Long compilerCpuMs) {
        this(atEpochMs, monotonicMs, processCpuMs, budgetCores, compilerCpuMs, null);
    }

    /**
     * Whether {@code later} is a reading of the same process, so that the two subtract: the same start where both
     * know it (a fresh process may have used more CPU by its first reading than the old one had by its last, as a
     * restart at load 10 showed), and never less CPU time, since a fresh process counts from zero.
     */
    public boolean sameProcessAs(CpuSample later) {
        boolean sameStart = processStartEpochMs == null || later.processStartEpochMs == null
                || Math.abs(later.processStartEpochMs - processStartEpochMs) <= SAME_START_TOLERANCE_MS;
        return sameStart && later.processCpuMs >= processCpuMs;
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
