package io.replsim.scenario.compare;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.replsim.scenario.provenance.ProbeSpread;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.report.NodeFigures;
import io.replsim.scenario.report.UnreadableRunException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A comparison's table on the console and its compare.json: each figure as its band over the rounds. */
public final class ComparisonReport {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    // compare.json writes each interval's verdict too, which the interval works out again from its ends
    private static final ObjectMapper READ = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final String ROW = "%-28s %-9s %5s  %-13s %-13s %-11s %-11s %-17s %-13s %-13s %-13s %s%n";

    /**
     * compare.json: what was compared, each scenario's bands, the rate check, every run, and what made the figures
     * (the load average before the first run and after the last, each scenario file's hash; each run's summary.json
     * has its own). {@code driversDiffer}: each driver setting a scenario has other than the reference's
     * ({@link SameLoad#driverDifferences(ComparisonPlan)}), allowed, but said beside the figures.
     */
    public record Written(List<String> order, String reference, String baseline, int rounds, boolean comparable,
                          List<String> rateDisagreements, List<String> unsettled, List<String> driversDiffer,
                          List<ComparisonResult.Row> rows, List<ComparedRun> runs, Provenance provenance) {
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

    /** {@code spread}: the machine's speed over the runs, null where no probe was read. */
    public static void print(ComparisonResult result, Provenance provenance, ProbeSpread spread, PrintStream out) {
        print(written(result, provenance), spread, out);
    }

    /**
     * The table from compare.json's figures: what replsim compare printed, which replsim report prints again
     * (without the machine's speed, which compare.json does not keep).
     */
    public static void print(Written comparison, PrintStream out) {
        print(comparison, null, out);
    }

    private static void print(Written comparison, ProbeSpread spread, PrintStream out) {
        out.printf(Locale.ROOT, "%n== compare: %d scenarios, %d round%s interleaved%s; ratios against %s, round by"
                        + " round ==%n", comparison.order().size(), comparison.rounds(),
                comparison.rounds() == 1 ? "" : "s",
                comparison.baseline() == null ? "" : "; baseline " + comparison.baseline(), comparison.reference());
        out.printf(Locale.ROOT, ROW, "scenario", "role", "runs", "node CPU", "above base", "CPU ratio",
                "above ratio", "replication µs", "p50 ms", "p90 ms", "req/s", "verdicts");
        for (ComparisonResult.Row row : comparison.rows()) {
            out.printf(Locale.ROOT, ROW, row.scenario(), row.role().label(), row.measured() + "/" + comparison.rounds(),
                    shown(row.nodeCpuCores(), "%.3f"), shown(row.aboveBaselineCores(), "%.3f"),
                    shown(row.nodeCpuRatio(), "%.2f"), shown(row.aboveBaselineRatio(), "%.2f"),
                    shown(row.replicationMeanMicros(), "%,.0f"), shown(row.p50Ms(), "%.1f"),
                    shown(row.p90Ms(), "%.1f"), shown(row.requestsPerSec(), "%.1f"), String.join(" ", row.verdicts()));
        }
        out.println("node CPU: the mean of the nodes' CPU over each run's steady window, in cores; a band is the"
                + " least and the greatest over the rounds");
        DrillTable.print(comparison.rows(), out);
        for (ComparisonResult.Row row : comparison.rows()) {
            judged(out, row.scenario(), "CPU ratio", row.nodeCpuRatioInterval());
            judged(out, row.scenario(), "above-base ratio", row.aboveBaselineRatioInterval());
        }
        List<String> disagreements = comparison.rateDisagreements();
        if (disagreements.isEmpty()) {
            out.printf(Locale.ROOT, "request rates: every run within %.0f%% of the highest of its round%n",
                    ComparisonResult.RATE_TOLERANCE * 100);
        } else {
            out.printf(Locale.ROOT, "request rates: %d run%s more than %.0f%% below the highest of its round (a node"
                            + " or the driver saturated), so its node CPU measures another load:%n", disagreements.size(),
                    disagreements.size() == 1 ? "" : "s", ComparisonResult.RATE_TOLERANCE * 100);
            disagreements.forEach(line -> out.println("  " + line));
        }
        List<String> unsettled = comparison.unsettled();
        if (!unsettled.isEmpty()) {
            out.printf(Locale.ROOT, "warm-up: %d run%s still compiling (the JIT above %.0f%% of a node's CPU), so its"
                            + " node CPU is a warm-up's; lengthen load.warmUp (fresh nodes compile for 2-3 minutes):%n",
                    unsettled.size(), unsettled.size() == 1 ? "" : "s",
                    NodeFigures.UNSETTLED_COMPILER_SHARE * 100);
            unsettled.forEach(line -> out.println("  " + line));
        }
        DriversDiffer.print(comparison.driversDiffer(), out);
        if (comparison.rounds() == 1) {
            out.println("one round: a single run proves nothing about a difference under 2x on a shared machine;"
                    + " --rounds 2 or more gives each figure's spread");
        }
        if (spread != null) {
            out.println(spread.line());
        }
        out.println("made by " + (comparison.provenance() == null ? "not recorded (a compare.json from before replsim"
                + " wrote it)" : comparison.provenance().line()));
        out.printf(Locale.ROOT, "== compare: %s (%d runs: %d PASS, %d FAIL, %d INVALID, %d broke) ==%n",
                comparison.comparable() ? "COMPARABLE" : "NOT COMPARABLE", comparison.runs().size(),
                withVerdict(comparison, "PASS"), withVerdict(comparison, "FAIL"), withVerdict(comparison, "INVALID"),
                withVerdict(comparison, "BROKE"));
    }

    /** Runs with the verdict given: PASS, FAIL, INVALID, or BROKE for a run that broke. */
    private static long withVerdict(Written comparison, String verdict) {
        return comparison.runs().stream().filter(run -> run.verdict().equals(verdict)).count();
    }

    private static Written written(ComparisonResult result, Provenance provenance) {
        ComparisonPlan plan = result.plan();
        return new Written(plan.order().stream().map(ComparisonPlan.Entry::name).toList(),
                plan.reference().name(), plan.baseline().map(ComparisonPlan.Entry::name).orElse(null), plan.rounds(),
                comparable(result), result.rateDisagreements(), result.unsettledRuns(),
                SameLoad.driverDifferences(plan), result.rows(), result.runs(), provenance);
    }

    /**
     * A fixed-load comparison's compare.json read back for its table; says what is unreadable, where, and what to do.
     * A run there is measured (its figures) or broke (its reason).
     */
    public static Written read(Path directory) throws UnreadableRunException {
        Path file = directory.resolve(RecordedComparison.FILE);
        try {
            JsonNode root = READ.readTree(file.toFile());
            List<ComparisonResult.Row> rows = new ArrayList<>();
            for (JsonNode row : root.path("rows")) {
                rows.add(READ.treeToValue(row, ComparisonResult.Row.class));
            }
            List<ComparedRun> runs = new ArrayList<>();
            for (JsonNode run : root.path("runs")) {
                runs.add(run.hasNonNull("reason")
                        ? new ComparedRun.Broke(run.path("scenario").asText(), run.path("round").asInt(),
                                run.path("reason").asText())
                        : new ComparedRun.Measured(run.path("scenario").asText(), run.path("round").asInt(),
                                READ.treeToValue(run.get("figures"), RunFigures.class),
                                run.path("directory").asText()));
            }
            return new Written(strings(root.path("order")), root.path("reference").asText(),
                    root.path("baseline").isTextual() ? root.path("baseline").asText() : null,
                    root.path("rounds").asInt(), root.path("comparable").asBoolean(),
                    strings(root.path("rateDisagreements")), strings(root.path("unsettled")),
                    strings(root.path("driversDiffer")), rows, runs,
                    root.hasNonNull("provenance") ? READ.treeToValue(root.get("provenance"), Provenance.class) : null);
        } catch (JacksonException | IllegalArgumentException e) {
            throw new UnreadableRunException(file + " cannot be read as replsim compare wrote it: " + e.getMessage()
                    + "; was it edited, or written by another version of replsim? run replsim compare again");
        } catch (IOException e) {
            throw new UnreadableRunException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** A compare.json array of text; empty where the field is absent (a file written before replsim wrote it). */
    static List<String> strings(JsonNode array) {
        List<String> strings = new ArrayList<>();
        array.forEach(item -> strings.add(item.asText()));
        return strings;
    }

    public static void write(ComparisonResult result, Provenance provenance, Path file) throws IOException {
        JSON.writeValue(file.toFile(), written(result, provenance));
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
