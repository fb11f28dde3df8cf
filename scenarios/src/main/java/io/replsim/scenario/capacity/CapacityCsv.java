package io.replsim.scenario.capacity;

import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.report.ProvenanceColumns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * capacity.csv: one row per step, the step's load in a column named after its unit ({@code users}, or
 * {@code arrivals_per_s} for the open model), the nodes' CPU utilizations as columns named after the nodes, and on
 * every row of a search its answer: the users sustained, the interval, how it was worked out and the binding limit.
 * The {@code search} column is the mode: {@code all}, {@code n-1} (the survivors' search of {@code --one-node-down})
 * or {@code through-kill}, whose rows also name the node each step killed and what the kill cost the users. Once
 * the search has ended, every row gains the provenance its summary.json has ({@link ProvenanceColumns}, last).
 */
public final class CapacityCsv {

    private CapacityCsv() {
    }

    public static void write(Path file, String label, SearchedLoad searched, List<String> nodeNames,
                             CapacitySummary.Search search) throws IOException {
        List<CapacitySummary.StepRow> rows = search.steps();
        List<String> lines = new ArrayList<>();
        if (!Files.exists(file)) {
            lines.add("search,step,phase," + searched.column() + ",verdict,broken,throughput_per_s,mean_ms,p90_ms,"
                    + "p95_ms,p99_ms,error_ratio,valid,max_node_cpu,"
                    + nodeNames.stream().map(n -> n + "_cpu").collect(Collectors.joining(","))
                    + ",wall_s,runs_at_users,busiest_cpu_min_at_users,busiest_cpu_max_at_users,invalid_reasons,"
                    + "window_s,driver_cores,search_sustained,search_low,search_high,search_method,search_binding,"
                    + "search_next_low,search_next_high,killed_node,kill_after_s,sessions_counted_lost,"
                    + "sessions_stale,failed_at_killed,failed_at_survivors");
        }
        for (CapacitySummary.StepRow row : rows) {
            String cpus = nodeNames.stream().map(name -> row.nodeCpu().stream().filter(c -> c.node().equals(name))
                    .findFirst().map(c -> String.format(Locale.ROOT, "%.3f", c.utilization())).orElse(""))
                    .collect(Collectors.joining(","));
            // an empty max_node_cpu: not measured (an external target), which is not 0
            String maxCpu = row.maxNodeCpuUtilization() == null ? ""
                    : String.format(Locale.ROOT, "%.3f", row.maxNodeCpuUtilization());
            lines.add(String.format(Locale.ROOT, "%s,%d,%s,%d,%s,%s,%.2f,%.2f,%.2f,%.2f,%.2f,%.5f,%s,%s,%s,%.1f,%d,"
                            + "%s,%s,%s,%.1f,%s,%d,%d,%d,%s,%s,%d,%d,%s",
                    label, row.step(), row.phase(), row.users(), row.verdict(), String.join("+", row.broken()),
                    row.throughputPerSec(), row.meanMs(), row.p90Ms(), row.p95Ms(), row.p99Ms(), row.errorRatio(),
                    row.valid(), maxCpu, cpus, row.wallMs() / 1000.0, row.runsAtUsers(),
                    share(row.busiestCpuMinAtUsers()), share(row.busiestCpuMaxAtUsers()),
                    quoted(String.join("; ", row.invalidReasons())), row.windowMs() / 1000.0,
                    row.driverCores() == null ? "" : String.format(Locale.ROOT, "%.3f", row.driverCores()),
                    search.usersSustained(), search.low(), search.high(), search.method(),
                    String.join("+", search.binding()), search.nextLow(), search.nextHigh(), killed(row.kill())));
        }
        Files.write(file, lines, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
    }

    /**
     * Appends {@code provenance}'s columns to every line of {@code file}: the search's rows are written as each
     * search ends, so a search cut short leaves them, and what made them is known once the whole search has ended.
     */
    public static void stamp(Path file, Provenance provenance) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> stamped = new ArrayList<>();
        stamped.add(lines.getFirst() + "," + ProvenanceColumns.HEADER);
        String cells = ProvenanceColumns.cells(provenance);
        lines.subList(1, lines.size()).forEach(line -> stamped.add(line + "," + cells));
        Files.write(file, stamped);
    }

    /** A step through a kill: the node, when, what it cost; empty columns for a step on the whole cluster. */
    private static String killed(KillWindow kill) {
        return kill == null ? ",,,,," : String.format(Locale.ROOT, "%s,%.1f,%d,%d,%d,%d", kill.node(),
                kill.afterMs() / 1000.0, kill.countedAsLost(), kill.stale(), kill.failedOnKilled(),
                kill.failedOnSurvivors());
    }

    private static String share(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%.3f", value);
    }

    private static String quoted(String text) {
        return text.isEmpty() ? "" : "\"" + text.replace("\"", "\"\"") + "\"";
    }
}
