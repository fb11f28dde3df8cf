package io.replsim.scenario.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.replsim.scenario.provenance.ProbeSpread;
import io.replsim.scenario.provenance.Provenance;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** A capacity comparison's table on the console and its compare.json: users sustained first, then the ratio. */
public final class CapacityComparisonReport {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String ROW = "%-28s %-9s %8s  %-17s %-11s %-19s %-20s %-18s %s%n";

    /**
     * compare.json of {@code --capacity}: what was compared, the searches' unit, each variant's row, every search
     * (its directory holds its capacity.csv and summary.json) and what made the figures. {@code driversDiffer}: each
     * driver setting a variant has other than the reference's; the users sustained then compare the drivers too.
     */
    public record Written(String kind, List<String> order, String reference, int rounds, String unit,
                          List<String> driversDiffer, List<CapacityComparison.Row> rows, List<ComparedRun> runs,
                          Provenance provenance) {
    }

    private CapacityComparisonReport() {
    }

    /** {@code spread}: the machine's speed over the searches, null where no probe was read. */
    public static void print(CapacityComparison result, Provenance provenance, ProbeSpread spread, PrintStream out) {
        ComparisonPlan plan = result.plan();
        String unit = result.unit();
        out.printf(Locale.ROOT, "%n== compare --capacity: %d scenarios, %d round%s interleaved, a search each on a"
                        + " fresh cluster; ratios against %s, round by round ==%n", plan.scenarios().size(),
                plan.rounds(), plan.rounds() == 1 ? "" : "s", plan.reference().name());
        out.printf(Locale.ROOT, ROW, "scenario", "role", "searches", unit + " sustained", "ratio band",
                "ratio (95%)", "verdict", "binding", "verdicts");
        for (CapacityComparison.Row row : result.rows()) {
            out.printf(Locale.ROOT, ROW, row.scenario(), row.role().label(), row.searched() + "/" + plan.rounds(),
                    row.usersSustained() == null ? "-" : row.usersSustained().format("%,.0f"),
                    row.ratio() == null ? "-" : row.ratio().format("%.2f"),
                    row.interval() == null ? "-" : row.interval().format(),
                    row.interval() == null ? "-" : row.interval().verdict().label(), String.join(" ", row.binding()),
                    String.join(" ", row.verdicts()));
        }
        result.rows().stream().filter(row -> row.interval() != null).forEach(row -> out.printf(Locale.ROOT,
                "%s: ratio %s, 95%% interval from %s: %s%n", row.scenario(), row.interval().format(),
                row.interval().basis(),
                row.interval().verdict().label()));
        out.println(unit + " sustained: each search's answer (the capacity search, its warm-up included); a band is"
                + " the least and the greatest over the rounds; binding none: no load failed at least half of its"
                + " runs, the answer a floor; \"differs\""
                + " only when the ratio's 95% interval excludes 1.0");
        DriversDiffer.print(SameLoad.driverDifferences(plan), out);
        if (plan.rounds() == 1) {
            out.println("one round: --rounds 2 or more gives each variant's spread over searches");
        }
        if (spread != null) {
            out.println(spread.line());
        }
        out.println("made by " + provenance.line());
        out.printf(Locale.ROOT, "== compare --capacity: %d searches: %d VALID, %d INVALID, %d sustained none, %d"
                        + " broke ==%n", result.runs().size(), result.withVerdict("VALID"),
                result.withVerdict("INVALID"), result.sustainedNone(), result.broken());
    }

    public static void write(CapacityComparison result, Provenance provenance, Path file) throws IOException {
        ComparisonPlan plan = result.plan();
        JSON.writeValue(file.toFile(), new Written("capacity", plan.order().stream().map(ComparisonPlan.Entry::name)
                .toList(), plan.reference().name(), plan.rounds(), result.unit(), SameLoad.driverDifferences(plan),
                result.rows(), result.runs(), provenance));
    }
}
