package io.replsim.scenario.results;

import io.replsim.scenario.report.FaultImpact;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.RunSummary;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The survivors' CPU after a kill against the source's {@code before} × N/(N−1) (entry 5: 60% × 3/2 = 90%): the
 * busiest survivor's share of its budget over the window after the kill, the band over the survivors, and the
 * cluster's share before it, which sets the direction (the survivors' CPU rose). The source's figure starts from a
 * cluster at {@code sourceBefore}: a run whose cluster was further than {@code premiseBand} from it before the kill
 * (in points of CPU) has not met the rule's premise, whatever its survivors showed (a cluster at 83% puts them at
 * 100% whether the rule holds or not).
 */
public record SurvivorLoad(Measurement run, double sourceBefore, double sourceAfter, double premiseBand)
        implements EntryFigure {

    public SurvivorLoad {
        if (!(premiseBand > 0 && premiseBand < sourceBefore)) {
            throw new IllegalArgumentException("the premise band is the points of CPU, above 0 and below the"
                    + " source's " + sourceBefore + ", that a run's cluster may be from it before the kill; got "
                    + premiseBand);
        }
    }

    @Override
    public List<Measurement> measurements() {
        return List.of(run);
    }

    @Override
    public EntryReading read(Map<Measurement, Found> found) {
        if (!(EntryFigure.measured(found, run) instanceof Recorded.Run recorded)) {
            return EntryReading.notMeasured();
        }
        RunSummary summary = recorded.summary();
        FaultImpact impact = summary.faults().stream().map(FaultReport::impact).filter(Objects::nonNull)
                .findFirst().orElse(null);
        List<Double> after = impact == null ? List.of() : impact.survivorCpu().stream()
                .map(FaultImpact.SurvivorCpu::utilizationAfter).filter(Objects::nonNull).toList();
        if (after.isEmpty() || impact.utilizationBefore() == null) {
            return new EntryReading("the run has no survivors' CPU after a kill (its nodes' CPU was not read, or"
                    + " no kill happened)", List.of(), true);
        }
        double low = after.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double high = after.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        String words = String.format(Locale.ROOT, "busiest survivor %.0f%% of its budget after the kill (survivors"
                        + " %.0f-%.0f%%), the cluster %.0f%% before it%s", high * 100, low * 100, high * 100,
                impact.utilizationBefore() * 100, impact.predictedSurvivorUtilization() == null ? ""
                        : String.format(Locale.ROOT, "; u x N/(N-1) of its own before: %.0f%%",
                        impact.predictedSurvivorUtilization() * 100));
        double before = impact.utilizationBefore();
        List<String> unmet = Math.abs(before - sourceBefore) <= premiseBand ? List.of()
                : List.of(String.format(Locale.ROOT, "the cluster ran at %.0f%% of its CPU before the kill, not within"
                        + " %.0f points of the source's %.0f%%: set load.users so that it does (scale what ./replsim"
                        + " capacity answers for the file to the share)", before * 100, premiseBand * 100,
                        sourceBefore * 100));
        return new EntryReading(words, List.of(new Compared("survivors' CPU", sourceAfter, sourceBefore, high, low,
                high, before)), true, unmet);
    }
}
