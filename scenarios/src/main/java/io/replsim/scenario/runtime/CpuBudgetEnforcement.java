package io.replsim.scenario.runtime;

/**
 * Whether the kernel holds each node to its {@code cpuBudget}, and how ({@code detail}); when it does not, why not.
 * Without enforcement the budget is only the divisor of the CPU figures: a node may use more than it.
 */
public record CpuBudgetEnforcement(boolean enforced, String detail) {

    public static CpuBudgetEnforcement enforced(String how) {
        return new CpuBudgetEnforcement(true, how);
    }

    public static CpuBudgetEnforcement notEnforced(String why) {
        return new CpuBudgetEnforcement(false, why);
    }
}
