package io.replsim.node.stats;

/**
 * CPU the process used over its last complete sampling window ({@code usedCores}, {@code windowMs}: a rate for a
 * progress line), and its CPU clock and monotonic clock read together at the moment it was asked
 * ({@code processCpuMs}, {@code monotonicMs}): two such readings give the cores used between them, exactly, wherever
 * they fall between the sampler's ticks.
 */
public record CpuWindow(double budgetCores, double usedCores, long windowMs, long processCpuMs, long monotonicMs) {
    public double utilization() {
        return usedCores / budgetCores;
    }
}
