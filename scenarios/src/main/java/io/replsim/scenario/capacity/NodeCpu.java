package io.replsim.scenario.capacity;

/**
 * One node's CPU over a step's steady window: cores used on average against the cores it may use, and the share of
 * them its JIT compiler threads took (null: not measured).
 */
public record NodeCpu(String node, double cores, double budgetCores, Double compilerShare) {

    /** A node whose JIT share was not measured. */
    public NodeCpu(String node, double cores, double budgetCores) {
        this(node, cores, budgetCores, null);
    }

    public double utilization() {
        return budgetCores <= 0 ? 0 : cores / budgetCores;
    }
}
