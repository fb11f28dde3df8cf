package io.replsim.scenario.capacity;

/** One node's CPU over a step's steady window: cores used on average against the cores it may use. */
public record NodeCpu(String node, double cores, double budgetCores) {

    public double utilization() {
        return budgetCores <= 0 ? 0 : cores / budgetCores;
    }
}
