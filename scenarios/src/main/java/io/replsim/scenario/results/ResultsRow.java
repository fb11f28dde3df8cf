package io.replsim.scenario.results;

import io.replsim.scenario.provenance.Provenance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One entry's row of docs/results.md's table: the question, the source's figure, replsim's figure with its interval,
 * their ratio where both are numbers, the verdict and why, the commands, and each directory the figure came from
 * with its provenance in short, or why there is none.
 */
public record ResultsRow(int number, String question, String sourceFigure, String replsimFigure, String ratio,
                         Judgement judgement, List<String> commands, List<String> traced) {

    public ResultsRow {
        commands = List.copyOf(commands);
        traced = List.copyOf(traced);
    }

    /** {@code entry}'s row from the newest of {@code runs} made from its files as they are now. */
    public static ResultsRow of(CatalogueEntry entry, RunDirectories runs, AgreementRule rule) {
        Map<Measurement, Found> found = new LinkedHashMap<>();
        entry.figure().measurements().forEach(measurement -> found.put(measurement, measurement.in(runs)));
        EntryReading reading = entry.figure().read(found);
        List<String> traced = new ArrayList<>();
        boolean changed = false;
        for (Map.Entry<Measurement, Found> each : found.entrySet()) {
            String files = String.join(", ", each.getKey().files().stream().map(CatalogueFile::name).toList());
            switch (each.getValue()) {
                case Found.Measured measured -> traced.add(String.join(", ", each.getKey().files().stream()
                        .map(CatalogueFile::nameWithHash).toList()) + ": `" + measured.recorded().directory() + "` ("
                        + shortly(measured.recorded().provenance()) + ")");
                case Found.Changed older -> {
                    changed = true;
                    traced.add(files + ": not measured since the file changed (the newest run of an older version:"
                            + " `" + older.newest() + "`)");
                }
                case Found.NotMeasured none -> {
                }
            }
            each.getValue().unreadable().forEach(dir -> traced.add("`" + dir.directory() + "` skipped, unreadable: "
                    + dir.why()));
        }
        Judgement judgement = !reading.measured() ? new Judgement(Verdict.NOT_MEASURED_YET, "")
                : !reading.unmetPremises().isEmpty() ? new Judgement(Verdict.PREMISE_NOT_MET,
                        String.join("; ", reading.unmetPremises()))
                : rule.judge(reading.compared());
        String figure = reading.measured() ? reading.figure()
                : changed ? "not measured since the file changed" : "not measured yet";
        List<String> ratios = reading.compared().stream().map(compared -> compared.what() + " "
                + Compared.number(compared.ratio())).toList();
        return new ResultsRow(entry.number(), entry.question(), entry.sourceFigure(), figure,
                ratios.isEmpty() ? "-" : String.join("; ", ratios), judgement, entry.commands(), traced);
    }

    /**
     * {@code c1ad241 (dirty), 2 cores, load 1.25 -> 3.50, probe 3.41 -> 3.52 ms} (the probe where it was taken);
     * {@code provenance not recorded} for an older file.
     */
    static String shortly(Provenance provenance) {
        if (provenance == null) {
            return "provenance not recorded";
        }
        return provenance.replsim().describe() + ", " + provenance.cores() + " cores, load "
                + Provenance.load(provenance.loadAverageBefore()) + " -> "
                + Provenance.load(provenance.loadAverageAfter())
                + (provenance.cpuProbeBefore() == null && provenance.cpuProbeAfter() == null ? ""
                        : ", " + provenance.probes());
    }
}
