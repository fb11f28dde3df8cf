package io.replsim.scenario.results;

import io.replsim.scenario.capacity.CapacitySummary;
import io.replsim.scenario.compare.RatioInterval;
import io.replsim.scenario.compare.SearchFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A capacity search of each file, each variant's users sustained against the reference's (entries 1, 2 and 8): the
 * ratio's interval is worked out as a one-round comparison's ({@link RatioInterval#ofSearches}), from each search's
 * interval for another search's answer. {@code sourceRatio} null: the source ran no such variant.
 */
public record SearchRatios(Variant reference, List<Variant> variants) implements EntryFigure {

    public record Variant(String label, Measurement measurement, Double sourceRatio) {
    }

    public SearchRatios {
        variants = List.copyOf(variants);
    }

    @Override
    public List<Measurement> measurements() {
        List<Measurement> all = new ArrayList<>(List.of(reference.measurement()));
        variants.forEach(variant -> all.add(variant.measurement()));
        return all;
    }

    @Override
    public EntryReading read(Map<Measurement, Found> found) {
        CapacitySummary base = summary(found, reference);
        List<String> words = new ArrayList<>();
        List<Compared> compared = new ArrayList<>();
        words.add(users(reference.label(), base) + " (reference)");
        for (Variant variant : variants) {
            CapacitySummary searched = summary(found, variant);
            Optional<RatioInterval> ratio = base == null || searched == null ? Optional.empty()
                    : RatioInterval.ofSearches(List.of(new RatioInterval.SearchedRound(SearchFigures.of(searched),
                    SearchFigures.of(base))));
            words.add(users(variant.label(), searched) + ratio.map(interval -> ", ratio " + interval.format() + " "
                    + interval.verdict().label()).orElse(""));
            if (ratio.isPresent() && variant.sourceRatio() != null) {
                compared.add(Compared.ratio(variant.label(), variant.sourceRatio(), ratio.get().ratio(),
                        ratio.get().low(), ratio.get().high()));
            }
        }
        boolean measured = measurements().stream().anyMatch(m -> EntryFigure.measured(found, m) != null);
        return measured ? new EntryReading(String.join("; ", words), compared, true) : EntryReading.notMeasured();
    }

    private static CapacitySummary summary(Map<Measurement, Found> found, Variant variant) {
        return EntryFigure.measured(found, variant.measurement()) instanceof Recorded.Search search
                ? search.summary() : null;
    }

    /** {@code buddies 1,300 users (1,250-1,350)}: the answer and its 95% interval. */
    private static String users(String label, CapacitySummary summary) {
        if (summary == null) {
            return label + " not measured";
        }
        CapacitySummary.Search search = summary.search();
        return String.format(Locale.ROOT, "%s %,d %s (%,d-%,d)", label, search.usersSustained(),
                summary.loadUnit() == null ? "users" : summary.loadUnit(), search.low(), search.high());
    }
}
