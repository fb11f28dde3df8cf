package io.replsim.scenario.capacity;

import io.replsim.scenario.spec.ClusterSpec;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a cluster replsim starts on this machine leaves its driver room: the nodes' CPU budgets are quotas each
 * node may use at any moment, and the driver needs its own CPU beside them, so the budgets together and the driver's
 * CPU must fit in the machine's cores. Otherwise a node working up to its budget takes the driver's share (the
 * driver's users wake late) or the driver takes the node's (the node reads its limit late), and the step measures
 * the machine. Each step checks it with the driver's CPU as measured ({@link Limit#MACHINE}); before the search, a
 * cluster whose budgets leave the driver less than {@link #DRIVER_FLOOR} is refused: the driver took 0.11 cores at
 * 800 users, 0.18 at 1,600 and 0.29 at 3,200 (the quickstart, 28 Nov 2026, docs/capacity.md), so less than a
 * quarter of a core leaves no room for a search past a couple of thousand users.
 */
public record MachineCores(int cores) {

    /** Less than this left for the driver and a search cannot measure the cluster past a couple of thousand users. */
    public static final double DRIVER_FLOOR = 0.25;

    /** The cores of the machine this JVM runs on (its available processors, which honour a container's limit). */
    public static MachineCores ofThisMachine() {
        return new MachineCores(Runtime.getRuntime().availableProcessors());
    }

    /** Why the scenario's cluster leaves its driver too little of this machine, or empty when it does not. */
    public Optional<String> refusal(ClusterSpec cluster) {
        double budgets = cluster.nodes() * cluster.cpuBudgetCores();
        if (budgets + DRIVER_FLOOR <= cores) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "cluster.cpuBudget: %d nodes x %.2f cores = %.2f cores of"
                        + " budget leave the driver %.2f of this machine's %d cores, and it needs at least %.2f (it"
                        + " took 0.18 cores at 1,600 users, 0.29 at 3,200); give each node at most %.2f cores, or run"
                        + " the nodes elsewhere and search them with --target", cluster.nodes(),
                cluster.cpuBudgetCores(), budgets, Math.max(0, cores - budgets), cores, DRIVER_FLOOR,
                Math.floor((cores - DRIVER_FLOOR) / cluster.nodes() * 100) / 100));
    }
}
