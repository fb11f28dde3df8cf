package io.replsim.scenario.capacity;

import io.replsim.scenario.spec.LatencyStatistic;
import java.util.List;

/**
 * A capacity search's summary from made-up steps on 2 nodes: two warm-up rounds at 10 users, steps up from 10 to
 * 80 users (80 failed on latency and node2's CPU), a bisection at 60 that failed on latency, and 40 confirmed:
 * 40 users sustained, from the steps, below 60.
 */
public final class MadeUpSearch {
    static final CapacitySummary.Limits LIMITS = new CapacitySummary.Limits(LatencyStatistic.P90, 800, 0.6, 0.01);

    private MadeUpSearch() {
    }

    public static CapacitySummary summary() {
        return summary(LIMITS, true);
    }

    /** {@code nodesRead}: whether the nodes' CPU was read (false: a cluster replsim does not run). */
    static CapacitySummary summary(CapacitySummary.Limits limits, boolean nodesRead) {
        List<CapacitySummary.StepRow> steps = List.of(
                step(1, "step-up", 10, List.of(), 50, 0.20, 0.22, nodesRead),
                step(2, "step-up", 20, List.of(), 120, 0.35, 0.38, nodesRead),
                step(3, "step-up", 40, List.of(), 300, 0.50, 0.55, nodesRead),
                step(4, "step-up", 80, List.of("LATENCY", "CPU"), 1_200, 0.70, 0.75, nodesRead),
                step(5, "bisect", 60, List.of("LATENCY"), 900, 0.58, 0.59, nodesRead),
                step(6, "confirm", 40, List.of(), 310, 0.51, 0.54, nodesRead));
        WarmUp warmUp = new WarmUp(10, 10, List.of(
                new WarmUp.Round(1, 10, nodesRead ? 0.45 : null, cpu(0.40, 0.45, nodesRead), 19.5, 70, 200, 0, false,
                        3_000),
                new WarmUp.Round(2, 10, nodesRead ? 0.24 : null, cpu(0.21, 0.24, nodesRead), 19.8, 55, 200, 0, false,
                        3_000)), true);
        StepAnswer answer = new StepAnswer(40, 2, 60, 1, 1, List.of(Limit.LATENCY));
        CapacityEstimate estimate = new CapacityEstimate(CapacityEstimate.Method.STEPS, 40, 40, 60, 40, 60,
                List.of(Limit.LATENCY), List.of(), answer, "");
        CapacitySummary.Search search = new CapacitySummary.Search(2, 40, 40, 60, 40, 60, "steps",
                List.of("LATENCY"), estimate, steps.get(5), false, steps, warmUp,
                List.of(new StepSpread(40, 2, nodesRead ? 0.54 : null, nodesRead ? 0.55 : null)));
        return new CapacitySummary("made-up", "runs/20261129-080000-made-up-capacity", "2026-11-29T08:00:00Z", 60_000,
                "p90 ≤ 800 ms, every node ≤ 60% of its CPU budget", 2, nodesRead ? 0.5 : null, search,
                nodesRead ? 0.75 * 2 : null, null, List.of(), nodesRead ? true : null,
                nodesRead ? "cgroup v2 cpu.max" : null, "users", "VALID", List.of(), null, limits);
    }

    private static CapacitySummary.StepRow step(int index, String phase, int users, List<String> broken, double p90,
                                                double node1, double node2, boolean nodesRead) {
        return new CapacitySummary.StepRow(index, phase, users, broken.isEmpty() ? "PASS" : "FAIL", broken,
                users * 1.9, p90 * 0.8, p90, p90 * 1.1, p90 * 1.5, 0, true, List.of(),
                nodesRead ? Math.max(node1, node2) : null, cpu(node1, node2, nodesRead), 3_500, 1,
                nodesRead ? Math.max(node1, node2) : null, nodesRead ? Math.max(node1, node2) : null, 2_000,
                nodesRead ? 0.2 : null);
    }

    private static List<NodeCpu> cpu(double node1, double node2, boolean nodesRead) {
        return nodesRead ? List.of(new NodeCpu("node1", node1 * 0.5, 0.5), new NodeCpu("node2", node2 * 0.5, 0.5))
                : List.of();
    }
}
