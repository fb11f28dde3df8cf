package io.replsim.scenario.results;

import io.replsim.scenario.report.RunSummary;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One run's throughput against another's (entry 7: a connection per request against one per user), each the
 * steady window's request rate, set beside the source's ratio of the two.
 */
public record ThroughputRatio(Measurement variant, Measurement reference, double sourceRatio)
        implements EntryFigure {

    @Override
    public List<Measurement> measurements() {
        return List.of(variant, reference);
    }

    @Override
    public EntryReading read(Map<Measurement, Found> found) {
        RunSummary of = summary(found, variant);
        RunSummary against = summary(found, reference);
        if (of == null && against == null) {
            return EntryReading.notMeasured();
        }
        String words = shown(of, variant) + "; " + shown(against, reference);
        if (of == null || against == null) {
            return new EntryReading(words, List.of(), true);
        }
        double ratio = rate(of) / rate(against);
        return new EntryReading(words + String.format(Locale.ROOT, "; ratio %.2f", ratio),
                List.of(Compared.ratio("throughput ratio", sourceRatio, ratio, null, null)), true);
    }

    private static RunSummary summary(Map<Measurement, Found> found, Measurement measurement) {
        return EntryFigure.measured(found, measurement) instanceof Recorded.Run run ? run.summary() : null;
    }

    private static double rate(RunSummary summary) {
        return summary.validity() == null ? summary.throughputPerSec() : summary.validity().throughputPerSec();
    }

    private static String shown(RunSummary summary, Measurement measurement) {
        String name = measurement.files().getFirst().scenarioName();
        return summary == null ? name + " not measured"
                : String.format(Locale.ROOT, "%s %.1f req/s", name, rate(summary));
    }
}
