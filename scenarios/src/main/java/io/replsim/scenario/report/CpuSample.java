package io.replsim.scenario.report;

/**
 * One reading of a node's process CPU time with the node's monotonic clock of the same instant (both from one
 * admin stats answer), placed on the run's timeline by the wall clock it was answered at.
 */
public record CpuSample(long atEpochMs, long monotonicMs, long processCpuMs, double budgetCores) {

    /**
     * Cores used on average from this reading to a later one of the same process: CPU time over the node's own
     * monotonic time between the two, not over the wall clocks the answers were stamped with.
     */
    public double coresUntil(CpuSample later) {
        return (later.processCpuMs - processCpuMs) / (double) Math.max(1, later.monotonicMs - monotonicMs);
    }
}
