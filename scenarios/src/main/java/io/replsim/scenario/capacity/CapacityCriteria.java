package io.replsim.scenario.capacity;

import io.replsim.scenario.spec.CapacitySettings;
import io.replsim.scenario.spec.LatencyStatistic;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What "sustained" means (GlassFish's users-sustained metric, glassfish-and-load-testing §1.4): the chosen latency
 * statistic at most {@code latencyLimit}, every node at most {@code cpuLimit} of its CPU budget, failed attempts at
 * most {@code errorLimit} of requests, a valid run, and the nodes' CPU budgets and the driver's own CPU within the
 * machine's cores.
 */
public record CapacityCriteria(LatencyStatistic statistic, Duration latencyLimit, double cpuLimit, double errorLimit) {

    public static final CapacityCriteria DEFAULT = new CapacityCriteria(CapacitySettings.DEFAULT.statistic(),
            CapacitySettings.DEFAULT.latencyLimit(), CapacitySettings.DEFAULT.cpuLimit(),
            CapacitySettings.DEFAULT.errorLimit());

    public CapacityCriteria {
        if (!latencyLimit.isPositive() || cpuLimit <= 0 || errorLimit < 0) {
            throw new IllegalArgumentException("criteria need a positive latency limit and CPU limit and an error"
                    + " limit of zero or more, got " + latencyLimit + ", " + cpuLimit + ", " + errorLimit);
        }
    }

    /** The limits a step broke, in the order of {@link Limit}; empty when it sustained its users. */
    public List<Limit> broken(StepMeasurement step) {
        List<Limit> broken = new ArrayList<>();
        if (step.requests() == 0 || step.latencyMillis(statistic) > latencyLimit.toNanos() / 1e6) {
            broken.add(Limit.LATENCY);
        }
        // a step whose CPU was not read is not held to the CPU limit; the summary says the limit was not applied.
        // Nor is one through a kill: its survivors' CPU is the figure the 60% limit stands in for, reported beside it
        Double cpu = step.maxCpuUtilization();
        if (cpu != null && cpu > cpuLimit && step.kill().isEmpty()) {
            broken.add(Limit.CPU);
        }
        // through a kill, the attempts that failed at the killed node are the failover itself, in proportion to the
        // users it served whatever the survivors can carry; the survivors' failures are held to the limit
        double errors = step.kill().map(KillWindow::survivorsFailedRatio).orElse(step.errorRatio());
        if (errors > errorLimit) {
            broken.add(Limit.ERRORS);
        }
        if (step.kill().filter(KillWindow::lostSessions).isPresent()) {
            broken.add(Limit.SESSIONS);
        }
        if (!step.valid()) {
            broken.add(Limit.VALIDITY);
        }
        if (step.overcommitsMachine()) {
            broken.add(Limit.MACHINE);
        }
        return broken;
    }

    /**
     * Whether a load was above what the nodes carry: the latency or the error limit broken, or no request answered.
     * CPU alone is not overload here: a cold node's JIT reads high at any load.
     */
    public boolean overloads(StepMeasurement step) {
        List<Limit> broken = broken(step);
        return broken.contains(Limit.LATENCY) || broken.contains(Limit.ERRORS);
    }

    /** What a step through a kill is held to ({@code replsim capacity --through-kill}). */
    public String describeThroughKill() {
        return String.format(java.util.Locale.ROOT, "through a kill of the node owning the most sessions: %s ≤ %d ms"
                + " in the window after the kill, no session LOST, CORRUPT, FAILED or never served (STALE as the"
                + " scenario's maxSessionsStale allows), failed attempts at the survivors ≤ %.2f%% of requests, run"
                + " valid, node budgets + driver within the machine's cores; the survivors' CPU and the attempts"
                + " failed at the killed node reported, not limits",
                statistic.label(), latencyLimit.toMillis(), errorLimit * 100);
    }

    public String describe() {
        return String.format(java.util.Locale.ROOT, "%s ≤ %d ms, every node ≤ %.0f%% of its CPU budget, errors ≤ %.2f%%,"
                + " run valid, node budgets + driver within the machine's cores", statistic.label(),
                latencyLimit.toMillis(), cpuLimit * 100, errorLimit * 100);
    }
}
