package io.replsim.scenario.capacity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Why a step passed or failed, in words a reader checks against its figures: each limit it broke with the figure
 * that broke it. Without the limits' figures (a summary written before they were recorded) it names the limits
 * alone.
 */
final class StepWhy {

    private StepWhy() {
    }

    static String of(CapacitySummary.StepRow step, CapacitySummary.Limits limits) {
        if (step.broken().isEmpty()) {
            return "every limit held";
        }
        List<String> why = new ArrayList<>();
        for (String broken : step.broken()) {
            why.add(limits == null ? broken : switch (Limit.valueOf(broken)) {
                case LATENCY -> String.format(Locale.ROOT, "%s %.1f ms > %.0f ms", limits.statistic().label(),
                        limits.latencyOf(step), limits.latencyMs());
                case CPU -> step.nodeCpu().stream().max(Comparator.comparingDouble(NodeCpu::utilization))
                        .map(node -> String.format(Locale.ROOT, "%s CPU %.0f%% > %.0f%% of its budget", node.node(),
                                node.utilization() * 100, limits.cpu() * 100)).orElse("CPU");
                case ERRORS -> step.kill() == null
                        ? String.format(Locale.ROOT, "errors %.2f%% > %.2f%%", step.errorRatio() * 100,
                                limits.errors() * 100)
                        : String.format(Locale.ROOT, "errors at the survivors after the kill %.2f%% > %.2f%%",
                                step.kill().survivorsFailedRatio() * 100, limits.errors() * 100);
                case SESSIONS -> step.kill() == null ? "SESSIONS"
                        : "sessions after killing " + step.kill().node() + ": " + step.kill().sessionsWhy();
                case VALIDITY -> "INVALID: " + String.join("; ", step.invalidReasons());
                case MACHINE -> "the nodes' budgets and the driver's CPU needed more than the machine's cores";
            });
        }
        return String.join("; ", why);
    }
}
