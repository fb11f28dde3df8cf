package io.replsim.scenario.capacity;

/** A rule a capacity step can break; the one broken just above the capacity is the binding limit. */
public enum Limit {
    /** The chosen latency statistic went above its limit. */
    LATENCY,
    /** A node used more than its share of its CPU budget (60%: the survivors must absorb a failed node). */
    CPU,
    /** Failed attempts above their share of attempts. */
    ERRORS,
    /**
     * A kill's step ({@code --through-kill}) lost sessions: any LOST, CORRUPT, FAILED or never served, or more
     * STALE than the scenario's {@code maxSessionsStale} allows.
     */
    SESSIONS,
    /** The step's steady window was not valid (the driver, not the cluster, was measured). */
    VALIDITY,
    /**
     * The nodes' CPU budgets and the driver's own CPU needed more cores than the machine has: a node could not have
     * used its budget without taking the driver's share, so the step measured the machine, not the cluster.
     */
    MACHINE
}
