package io.replsim.scenario.capacity;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The capacity search on the console: a line per step as it ends, then the result. */
public final class CapacityConsole {

    private final PrintStream out;

    public CapacityConsole(PrintStream out) {
        this.out = out;
    }

    public void step(StepOutcome outcome) {
        StepMeasurement m = outcome.measurement();
        String cpu = m.nodes().isEmpty() ? "CPU not measured" : m.nodes().stream()
                .map(n -> String.format(Locale.ROOT, "%s %.0f%%", n.node(), n.utilization() * 100))
                .collect(Collectors.joining(" "));
        line("step %2d %-8s %6d users  %-4s %-22s %8.1f req/s  mean %7.1f ms  p90 %7.1f ms  p99 %7.1f ms  errors %.2f%%"
                        + "  %s  %s", outcome.index(), outcome.phase().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                outcome.users(), outcome.passed() ? "PASS" : "FAIL",
                outcome.broken().isEmpty() ? "" : "(" + outcome.broken().stream().map(Limit::name)
                        .collect(Collectors.joining("+")) + ")",
                m.throughputPerSec(), m.meanMs(), m.p90Ms(), m.p99Ms(), m.errorRatio() * 100, cpu,
                m.valid() ? "valid" : "INVALID: " + String.join("; ", m.invalidReasons()));
    }

    public void result(String title, CapacitySummary.Search search) {
        line("");
        if (search.usersSustained() == 0) {
            line("== %s: no load sustained%s; binding %s ==", title,
                    search.stoppedEarly() ? " (step budget spent)" : "", search.binding());
            search.steps().stream().filter(row -> passedEveryRun(search, row.users()))
                    .mapToInt(CapacitySummary.StepRow::users).max()
                    .ifPresent(users -> line("             %,d users passed every run but were not confirmed: a lower"
                            + " bound; run again with more --max-steps", users));
            return;
        }
        CapacitySummary.StepRow at = search.atCapacity();
        line("== %s: %,d users sustained on %d nodes (confirmed by a repeat run) ==", title, search.usersSustained(),
                search.nodes());
        line("at capacity  %.1f req/s   mean %.1f ms   p90 %.1f ms   p95 %.1f ms   p99 %.1f ms   errors %.3f%%",
                at.throughputPerSec(), at.meanMs(), at.p90Ms(), at.p95Ms(), at.p99Ms(), at.errorRatio() * 100);
        for (NodeCpu node : at.nodeCpu()) {
            line("  %-8s CPU %.2f cores = %3.0f%% of its %.2f-core budget", node.node(), node.cores(),
                    node.utilization() * 100, node.budgetCores());
        }
        line("binding      %s", search.binding().isEmpty() ? "none: the search reached its user cap"
                : String.join(" + ", search.binding()) + " (broken by the fewest users that failed, "
                        + failuresAtBound(search) + ")");
    }

    private static boolean passedEveryRun(CapacitySummary.Search search, int users) {
        return search.steps().stream().filter(row -> row.users() == users).allMatch(row -> row.verdict().equals("PASS"));
    }

    /** How sure the bound is: a limit that broke in every run at those users, or in some of them. */
    private static String failuresAtBound(CapacitySummary.Search search) {
        int bound = search.steps().stream().filter(row -> !row.verdict().equals("PASS")
                && row.users() > search.usersSustained()).mapToInt(CapacitySummary.StepRow::users).min().orElse(0);
        List<CapacitySummary.StepRow> runs = search.steps().stream().filter(row -> row.users() == bound).toList();
        long failures = runs.stream().filter(row -> !row.verdict().equals("PASS")).count();
        return String.format(Locale.ROOT, "%,d users: failed %d of %d runs", bound, failures, runs.size());
    }

    public void line(String format, Object... args) {
        out.println(String.format(Locale.ROOT, format, args).stripTrailing());
    }
}
