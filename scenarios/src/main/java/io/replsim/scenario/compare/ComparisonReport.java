package io.replsim.scenario.compare;

import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.report.NodeFigures;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** A comparison's table on the console and its compare.json: each figure as its band over the rounds. */
public final class ComparisonReport {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String ROW = "%-28s %-9s %5s  %-13s %-13s %-11s %-11s %-17s %-13s %-13s %-13s %s%n";

    /**
     * compare.json: what was compared, each scenario's bands, the rate check, every run, and what made the figures
     * (the load average before the first run and after the last, each scenario file's hash; each run's summary.json
     * has its own).
     */
    public record Written(List<String> order, String reference, String baseline, int rounds, boolean comparable,
                          List<String> rateDisagreements, List<String> unsettled, List<ComparisonResult.Row> rows,
                          List<ComparedRun> runs, Provenance provenance) {
    }

    private ComparisonReport() {
    }

    /**
     * The comparison holds when every run was measured, VALID, at its round's request rate, and past its nodes'
     * warm-up (the JIT done compiling).
     */
    public static boolean comparable(ComparisonResult result) {
        return result.broken() == 0 && result.withVerdict("INVALID") == 0 && result.rateDisagreements().isEmpty()
                && result.unsettledRuns().isEmpty();
    }

    public static void print(ComparisonResult result, Provenance provenance, PrintStream out) {
        ComparisonPlan plan = result.plan();
        out.printf(Locale.ROOT, "%n== compare: %d scenarios, %d round%s interleaved%s; ratios against %s, round by"
                        + " round ==%n", plan.order().size(), plan.rounds(), plan.rounds() == 1 ? "" : "s",
                plan.baseline().map(b -> "; baseline " + b.name()).orElse(""), plan.reference().name());
        out.printf(Locale.ROOT, ROW, "scenario", "role", "runs", "node CPU", "above base", "CPU ratio",
                "above ratio", "replication µs", "p50 ms", "p90 ms", "req/s", "verdicts");
        for (ComparisonResult.Row row : result.rows()) {
            out.printf(Locale.ROOT, ROW, row.scenario(), row.role().label(), row.measured() + "/" + plan.rounds(),
                    shown(row.nodeCpuCores(), "%.3f"), shown(row.aboveBaselineCores(), "%.3f"),
                    shown(row.nodeCpuRatio(), "%.2f"), shown(row.aboveBaselineRatio(), "%.2f"),
                    shown(row.replicationMeanMicros(), "%,.0f"), shown(row.p50Ms(), "%.1f"),
                    shown(row.p90Ms(), "%.1f"), shown(row.requestsPerSec(), "%.1f"), String.join(" ", row.verdicts()));
        }
        out.println("node CPU: the mean of the nodes' CPU over each run's steady window, in cores; a band is the"
                + " least and the greatest over the rounds");
        DrillTable.print(result.rows(), out);
        for (ComparisonResult.Row row : result.rows()) {
            judged(out, row.scenario(), "CPU ratio", row.nodeCpuRatioInterval());
            judged(out, row.scenario(), "above-base ratio", row.aboveBaselineRatioInterval());
        }
        List<String> disagreements = result.rateDisagreements();
        if (disagreements.isEmpty()) {
            out.printf(Locale.ROOT, "request rates: every run within %.0f%% of the highest of its round%n",
                    ComparisonResult.RATE_TOLERANCE * 100);
        } else {
            out.printf(Locale.ROOT, "request rates: %d run%s more than %.0f%% below the highest of its round (a node"
                            + " or the driver saturated), so its node CPU measures another load:%n", disagreements.size(),
                    disagreements.size() == 1 ? "" : "s", ComparisonResult.RATE_TOLERANCE * 100);
            disagreements.forEach(line -> out.println("  " + line));
        }
        List<String> unsettled = result.unsettledRuns();
        if (!unsettled.isEmpty()) {
            out.printf(Locale.ROOT, "warm-up: %d run%s still compiling (the JIT above %.0f%% of a node's CPU), so its"
                            + " node CPU is a warm-up's; lengthen load.warmUp (fresh nodes compile for 2-3 minutes):%n",
                    unsettled.size(), unsettled.size() == 1 ? "" : "s",
                    NodeFigures.UNSETTLED_COMPILER_SHARE * 100);
            unsettled.forEach(line -> out.println("  " + line));
        }
        if (plan.rounds() == 1) {
            out.println("one round: a single run proves nothing about a difference under 2x on a shared machine;"
                    + " --rounds 2 or more gives each figure's spread");
        }
        long broken = result.broken();
        long invalid = result.withVerdict("INVALID");
        out.println("made by " + provenance.line());
        out.printf(Locale.ROOT, "== compare: %s (%d runs: %d PASS, %d FAIL, %d INVALID, %d broke) ==%n",
                comparable(result) ? "COMPARABLE" : "NOT COMPARABLE", result.runs().size(),
                result.withVerdict("PASS"), result.withVerdict("FAIL"), invalid, broken);
    }

    public static void write(ComparisonResult result, Provenance provenance, Path file) throws IOException {
        ComparisonPlan plan = result.plan();
        var written = new Written(plan.order().stream().map(ComparisonPlan.Entry::name).toList(),
                plan.reference().name(), plan.baseline().map(ComparisonPlan.Entry::name).orElse(null), plan.rounds(),
                comparable(result), result.rateDisagreements(), result.unsettledRuns(), result.rows(), result.runs(),
                provenance);
        JSON.writeValue(file.toFile(), written);
    }

    /** A ratio with its 95% interval and its verdict: "differs" only when the interval excludes 1.0. */
    private static void judged(PrintStream out, String scenario, String figure, RatioInterval interval) {
        if (interval != null) {
            out.printf(Locale.ROOT, "%s: %s %s, 95%% interval from %s: %s%n", scenario, figure, interval.format(),
                    interval.basis(), interval.verdict().label());
        }
    }

    private static String shown(Band band, String pattern) {
        return band == null ? "-" : band.format(pattern);
    }
}
