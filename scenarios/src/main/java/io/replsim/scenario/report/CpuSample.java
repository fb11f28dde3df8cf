package io.replsim.scenario.report;

/** One reading of a node's process CPU time, to work out the cores it used between two readings. */
public record CpuSample(long atEpochMs, long processCpuMs, double budgetCores) {

    /** Cores used on average from this reading to a later one. */
    public double coresUntil(CpuSample later) {
        return (later.processCpuMs - processCpuMs) / (double) Math.max(1, later.atEpochMs - atEpochMs);
    }
}
