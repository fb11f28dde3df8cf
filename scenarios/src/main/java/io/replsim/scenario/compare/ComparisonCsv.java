package io.replsim.scenario.compare;

import io.replsim.scenario.report.CsvCell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * compare.csv beside compare.json: one row per variant and figure, its band over the rounds and, for a figure read
 * against the reference, the band of its ratios, the ratio with its 95% interval, where the interval comes from and
 * its verdict. An empty cell is a figure not given (no ratio for the reference, an interval without that end).
 * When some scenario carried faults, each has the drill's figures too, their {@code note} "no fault" for one without.
 */
public final class ComparisonCsv {

    static final String HEADER = "scenario,role,figure,unit,runs,min,max,ratio_min,ratio_max,ratio,ratio_low,"
            + "ratio_high,interval_basis,verdict,binding,note";

    /** One row: {@code ratio} and {@code interval} null where the figure is not read against the reference. */
    private record Line(String scenario, ComparisonResult.Role role, String figure, String unit, int runs, Band band,
                        Band ratio, RatioInterval interval, List<String> binding, String note) {

        String csv() {
            return Stream.of(scenario, role.label(), figure, unit, Integer.toString(runs),
                    band == null ? "" : number(band.min()), band == null ? "" : number(band.max()),
                    ratio == null ? "" : number(ratio.min()), ratio == null ? "" : number(ratio.max()),
                    interval == null ? "" : number(interval.ratio()),
                    interval == null || interval.low() == null ? "" : number(interval.low()),
                    interval == null || interval.high() == null ? "" : number(interval.high()),
                    interval == null ? "" : interval.basis(), interval == null ? "" : interval.verdict().label(),
                    String.join(" ", binding), note == null ? "" : note).map(cell -> new CsvCell(cell).written())
                    .collect(Collectors.joining(","));
        }
    }

    private ComparisonCsv() {
    }

    /** A comparison at one load: node CPU, above the baseline, replication time, p50, p90 and request rate. */
    public static void write(ComparisonResult result, Path file) throws IOException {
        List<Line> lines = new ArrayList<>();
        for (ComparisonResult.Row row : result.rows()) {
            lines.add(new Line(row.scenario(), row.role(), "node_cpu", "cores", row.measured(), row.nodeCpuCores(),
                    row.nodeCpuRatio(), row.nodeCpuRatioInterval(), List.of(), null));
            lines.add(new Line(row.scenario(), row.role(), "above_baseline", "cores", row.measured(),
                    row.aboveBaselineCores(), row.aboveBaselineRatio(), row.aboveBaselineRatioInterval(), List.of(),
                    null));
            lines.add(plain(row, "replication_mean", "us", row.replicationMeanMicros()));
            lines.add(plain(row, "p50", "ms", row.p50Ms()));
            lines.add(plain(row, "p90", "ms", row.p90Ms()));
            lines.add(plain(row, "request_rate", "per_s", row.requestsPerSec()));
        }
        if (result.rows().stream().anyMatch(row -> row.drill().carriedFaults())) {
            result.rows().forEach(row -> lines.addAll(drill(row)));
        }
        write(lines, file);
    }

    /** A capacity comparison: each variant's users sustained (or arrivals a second) and its ratio. */
    public static void write(CapacityComparison result, Path file) throws IOException {
        String unit = result.unit();
        write(result.rows().stream().map(row -> new Line(row.scenario(), row.role(), "sustained", unit,
                row.searched(), row.usersSustained(), row.ratio(), row.interval(), row.binding(), null)).toList(),
                file);
    }

    private static Line plain(ComparisonResult.Row row, String figure, String unit, Band band) {
        return new Line(row.scenario(), row.role(), figure, unit, row.measured(), band, null, null, List.of(), null);
    }

    /** The drill's figures over the runs that had faults; "no fault" for a scenario without. */
    private static List<Line> drill(ComparisonResult.Row row) {
        DrillBands drill = row.drill();
        String note = drill.carriedFaults() ? null : DrillBands.NO_FAULT;
        return List.of(drillLine(row, "sessions_ok", "sessions", drill.sessionsOk(), note),
                drillLine(row, "sessions_stale", "sessions", drill.sessionsStale(), note),
                drillLine(row, "sessions_lost", "sessions", drill.sessionsLost(), note),
                drillLine(row, "sessions_corrupt", "sessions", drill.sessionsCorrupt(), note),
                drillLine(row, "sessions_failed", "sessions", drill.sessionsFailed(), note),
                drillLine(row, "view_change", "ms", drill.viewChangeMs(), note),
                drillLine(row, "failover", "ms", drill.failoverMs(), note),
                drillLine(row, "p99_fault_window", "ms", drill.p99FaultWindowMs(), note));
    }

    private static Line drillLine(ComparisonResult.Row row, String figure, String unit, Band band, String note) {
        return new Line(row.scenario(), row.role(), figure, unit, row.drill().faulted(), band, null, null, List.of(),
                note);
    }

    private static void write(List<Line> lines, Path file) throws IOException {
        List<String> text = new ArrayList<>();
        text.add(HEADER);
        lines.forEach(line -> text.add(line.csv()));
        Files.write(file, text);
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.4f", value);
    }
}
