package io.replsim.scenario.results;

import io.replsim.scenario.compare.Band;
import io.replsim.scenario.compare.ComparisonResult;
import io.replsim.scenario.report.RunSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a fault cost the sessions (entries 4 and 9): a comparison's drill columns per variant (sessions STALE and
 * LOST over its rounds, its runs' verdicts) and each run's sessions and verdict. The sources give no figure, only
 * which sessions are expected lost, which the files' checks hold each run to.
 */
public record DrillOutcomes(Measurement comparison, List<Measurement> runs) implements EntryFigure {

    public DrillOutcomes {
        runs = List.copyOf(runs);
    }

    @Override
    public List<Measurement> measurements() {
        List<Measurement> all = new ArrayList<>(List.of(comparison));
        all.addAll(runs);
        return all;
    }

    @Override
    public EntryReading read(Map<Measurement, Found> found) {
        List<String> words = new ArrayList<>();
        boolean measured = false;
        if (EntryFigure.measured(found, comparison) instanceof Recorded.Comparison compared
                && compared.rows() != null) {
            measured = true;
            for (ComparisonResult.Row row : compared.rows().rows()) {
                words.add(row.scenario() + (row.drill() == null ? ": no drill figures" : ": sessions stale "
                        + band(row.drill().sessionsStale()) + ", lost " + band(row.drill().sessionsLost()))
                        + " (" + String.join(" ", row.verdicts()) + ")");
            }
            words.add(compared.rows().comparable() ? "COMPARABLE" : "NOT COMPARABLE (its CPU columns)");
        }
        for (Measurement run : runs) {
            if (EntryFigure.measured(found, run) instanceof Recorded.Run recorded) {
                measured = true;
                RunSummary summary = recorded.summary();
                words.add(summary.scenario() + ": sessions stale " + summary.sessions().stale() + ", lost "
                        + summary.sessions().lost() + " (" + summary.verdict() + ")");
            }
        }
        return measured ? new EntryReading(String.join("; ", words), List.of(), true) : EntryReading.notMeasured();
    }

    private static String band(Band band) {
        return band == null ? "-" : band.format("%.0f");
    }
}
