package io.replsim.scenario.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Whether the nodes' CPU over a window was a warm-up's: their JIT compilers still busy in it. */
public final class CompilerWarmUp {

    private CompilerWarmUp() {
    }

    /** The console's warning naming every node whose JIT took over the line; empty when none did or none measured. */
    public static Optional<String> warning(List<NodeFigures> nodes) {
        List<String> warming = nodes.stream().filter(NodeFigures::compilerUnsettled)
                .map(node -> String.format(Locale.ROOT, "%s (JIT %.0f%%)", node.name(),
                        node.get(NodeFigure.CPU_COMPILER_SHARE) * 100))
                .toList();
        if (warming.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the JIT compiled for more than %.0f%% of the CPU of %s over"
                        + " its window: that CPU is a warm-up's, not a steady state's; lengthen load.warmUp (fresh"
                        + " nodes compile for 2-3 minutes) before comparing it",
                NodeFigures.UNSETTLED_COMPILER_SHARE * 100, String.join(", ", warming)));
    }
}
