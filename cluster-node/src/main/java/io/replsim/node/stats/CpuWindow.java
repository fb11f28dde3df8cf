package io.replsim.node.stats;

/** CPU the process used over one sampling window, against the cores it may use. */
public record CpuWindow(double budgetCores, double usedCores, long windowMs, long processCpuMs) {
    public double utilization() {
        return usedCores / budgetCores;
    }
}
