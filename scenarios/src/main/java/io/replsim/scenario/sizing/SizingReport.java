package io.replsim.scenario.sizing;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** What {@code replsim size} prints: the fit and its error, the answers, and every assumption behind them. */
public final class SizingReport {

    private final PrintStream out;

    public SizingReport(PrintStream out) {
        this.out = out;
    }

    public void print(UslFit fit, NodesNeeded nodes, MemoryPerNode memory, WorkerThreads threads,
                      List<String> assumptions) {
        UslModel model = fit.model();
        line("== sizing ==");
        line("measured     %s", String.join("   ", fit.points().stream()
                .map(p -> String.format(Locale.ROOT, "%d nodes: %.0f users", p.nodes(), p.users())).toList()));
        line("USL fit      C(n) = %.1f·n / (1 + %.4f·(n−1) + %.5f·n·(n−1))   (γ one node, σ contention, κ crosstalk)",
                model.gamma(), model.sigma(), model.kappa());
        line("fit error    RMSE %.1f users, worst point %.1f%% off%s", fit.rmse(), fit.maxRelativeError() * 100,
                fit.points().size() < 3 ? "   (2 points fit any curve with 2 free terms: measure a third size)" : "");
        line("validated    on %d to %d nodes, the cluster sizes measured%s", fit.smallestMeasured(),
                fit.largestMeasured(), beyond(fit, nodes));
        line("fitted       %s", String.join("   ", java.util.stream.IntStream.rangeClosed(1, 8)
                .mapToObj(n -> String.format(Locale.ROOT, "%d: %.0f", n, model.capacity(n))).toList()));
        line("peak         %s", Double.isInfinite(model.peakNodes()) ? "none (no crosstalk measured)"
                : String.format(Locale.ROOT, "%.1f nodes; beyond it more nodes sustain fewer users", model.peakNodes()));
        if (nodes.nodes().isPresent()) {
            line("nodes        %d for %.0f users with one node's loss absorbed (capacity %.0f with all %d, %.0f with %d)",
                    nodes.nodes().getAsInt(), nodes.targetUsers(), nodes.capacityAtN(), nodes.nodes().getAsInt(),
                    nodes.capacityAtNm1(), nodes.nodes().getAsInt() - 1);
        } else {
            line("nodes        NONE up to %d nodes sustains %.0f users with one lost: the fitted law tops out at"
                    + " %.0f users (%s); change the replication (fewer copies) or the node", nodes.searchedUpTo(),
                    nodes.targetUsers(), model.ceiling(), model.kappa() > 0 ? "its peak" : "γ/σ, contention");
            line("memory       not sized: no cluster size answers");
            line("threads      not sized: no cluster size answers");
            printAssumptions(assumptions);
            return;
        }
        line("memory       %s of sessions per node (%s per survivor after a loss): %,d sessions × %s × %d copies / %d nodes",
                bytes(memory.bytesPerNode()), bytes(memory.bytesPerSurvivor()), memory.sessions(),
                bytes(memory.sessionBytes()), memory.copies(), memory.nodes());
        line("threads      %d workers per node: λ %.1f req/s per node (with one node lost) × W %.0f ms = %.1f busy, + 20%%",
                threads.threads(), threads.perNodeRate(), threads.responseSeconds() * 1000, threads.busyThreads());
        printAssumptions(assumptions);
    }

    /**
     * Where the answer (its cluster and the cluster after a loss) lies outside the sizes measured: there the fit's
     * error says nothing, so the line says so.
     */
    private static String beyond(UslFit fit, NodesNeeded nodes) {
        if (nodes.nodes().isEmpty()) {
            return "";
        }
        int all = nodes.nodes().getAsInt();
        List<Integer> outside = java.util.stream.Stream.of(all, all - 1).distinct()
                .filter(n -> n >= 1 && !fit.measuredAround(n)).toList();
        if (outside.isEmpty()) {
            return "; the answer lies within them";
        }
        return "; the answer's " + String.join(" and ", outside.stream().map(String::valueOf).toList())
                + " nodes lie outside them: an extrapolation the fit's error does not bound; measure "
                + (outside.size() == 1 ? "that size" : "those sizes") + " to check it";
    }

    private void printAssumptions(List<String> assumptions) {
        line("assumptions");
        for (String assumption : assumptions) {
            line("  - %s", assumption);
        }
    }

    private static String bytes(double bytes) {
        if (Double.isNaN(bytes)) {
            return "-";
        }
        if (bytes >= 1L << 30) {
            return String.format(Locale.ROOT, "%.2f GB", bytes / (1L << 30));
        }
        if (bytes >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / (1L << 20));
        }
        return String.format(Locale.ROOT, "%.1f KB", bytes / 1024);
    }

    private void line(String format, Object... args) {
        out.println(String.format(Locale.ROOT, format, args).stripTrailing());
    }
}
