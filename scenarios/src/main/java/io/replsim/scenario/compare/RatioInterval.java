package io.replsim.scenario.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.replsim.scenario.capacity.LinearFit;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A ratio to the reference with its 95% interval, and the verdict that interval gives. Ratios are read on a
 * logarithmic scale, where a variant at half the reference is as far from 1 as one at twice it. {@code low} or
 * {@code high} is null where the interval has no end on that side (a search the cluster's own limits did not bind
 * sustained at least its answer; one round gives no spread). {@code basis} says where the interval comes from.
 */
public record RatioInterval(double ratio, Double low, Double high, String basis) {

    private static final double Z_95 = 1.96;

    /** One round's ratio of a variant's search to the reference's, with both searches' figures. */
    public record SearchedRound(SearchFigures variant, SearchFigures reference) {
    }

    @JsonProperty("verdict")
    public RatioVerdict verdict() {
        boolean above = low != null && low > 1;
        boolean below = high != null && high < 1;
        return above || below ? RatioVerdict.DIFFERS : RatioVerdict.NO_DIFFERENCE_SHOWN;
    }

    /**
     * Student's t over the rounds' ratios (each taken within its round): a figure measured once a round has no
     * interval of its own, so its spread over the rounds is all there is. Empty without a ratio; one ratio has no
     * spread and an interval without ends.
     */
    public static Optional<RatioInterval> overRounds(List<Double> ratios) {
        if (ratios.isEmpty()) {
            return Optional.empty();
        }
        double[] logs = ratios.stream().mapToDouble(Math::log).toArray();
        double mean = mean(logs);
        if (logs.length < 2) {
            return Optional.of(new RatioInterval(Math.exp(mean), null, null, "one round: no spread to give an"
                    + " interval"));
        }
        double half = LinearFit.tQuantile95(logs.length - 1) * sd(logs, mean) / Math.sqrt(logs.length);
        return Optional.of(new RatioInterval(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half),
                String.format(Locale.ROOT, "t over %d rounds", logs.length)));
    }

    /**
     * A ratio of users sustained. Each search's interval for another search's answer (its nextLow-nextHigh: where a
     * repeat of the search would land, its scatter from search to search included) gives its answer's spread; the
     * two searches' spreads add up in each round's ratio, and the rounds' mean ratio has their mean. With two rounds
     * or more the interval is the wider of that one and Student's t over the rounds' ratios, since the searches'
     * own intervals do not see what changes between rounds (the machine's other tenants): "differs" only when
     * both exclude 1.0. A round in which either search sustained nothing gives no ratio. A search that none of the
     * cluster's own limits bound (its cap, failures outweighed, or the driver or the machine's cores ran out first)
     * sustained at least its answer: such a variant leaves the interval no high end, such a reference no low end.
     */
    public static Optional<RatioInterval> ofSearches(List<SearchedRound> rounds) {
        List<SearchedRound> answered = rounds.stream().filter(round -> round.variant().usersSustained() > 0
                && round.reference().usersSustained() > 0).toList();
        if (answered.isEmpty()) {
            return Optional.empty();
        }
        double[] logs = answered.stream().mapToDouble(round -> Math.log((double) round.variant().usersSustained()
                / round.reference().usersSustained())).toArray();
        double mean = mean(logs);
        double variance = answered.stream().mapToDouble(round -> square(logSpread(round.variant()))
                + square(logSpread(round.reference()))).sum() / square(answered.size());
        double half = Z_95 * Math.sqrt(variance);
        String basis = "the searches' own intervals";
        Optional<RatioInterval> t = overRounds(answered.stream().map(round -> (double) round.variant()
                .usersSustained() / round.reference().usersSustained()).toList());
        if (logs.length >= 2) {
            double tHalf = Math.log(t.orElseThrow().high()) - mean;
            if (tHalf > half) {
                half = tHalf;
                basis = t.get().basis() + " (wider than the searches' own intervals)";
            } else {
                basis += String.format(Locale.ROOT, " (wider than t over %d rounds)", logs.length);
            }
        }
        boolean variantCapped = answered.stream().anyMatch(round -> !round.variant().clusterBound());
        boolean referenceCapped = answered.stream().anyMatch(round -> !round.reference().clusterBound());
        if (variantCapped || referenceCapped) {
            String unbound = " the cluster's limits did not bind (a cap, the driver or the machine)";
            basis += variantCapped && referenceCapped ? "; the variant and the reference each have an answer" + unbound
                    + ": no end on either side" : variantCapped ? "; the variant has an answer" + unbound
                    + ": at least this ratio" : "; the reference has an answer" + unbound + ": at most this ratio";
        }
        boolean spread = Double.isFinite(half); // not when a search's interval starts at 0
        return Optional.of(new RatioInterval(Math.exp(mean), referenceCapped || !spread ? null
                : Math.exp(mean - half), variantCapped || !spread ? null : Math.exp(mean + half), basis));
    }

    /** The ratio and its interval, e.g. {@code 1.30 (1.21-1.40)}; an open end is shown as {@code ..}. */
    public String format() {
        return String.format(Locale.ROOT, "%.2f (%s-%s)", ratio, low == null ? ".." : String.format(Locale.ROOT,
                "%.2f", low), high == null ? ".." : String.format(Locale.ROOT, "%.2f", high));
    }

    /**
     * A search's spread on the log scale: the width of its interval for another search's answer over twice 1.96
     * (a steps answer's bracket, from the answer to the fewest users that failed, is read the same way).
     */
    private static double logSpread(SearchFigures search) {
        if (search.nextLow() <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.log((double) search.nextHigh() / search.nextLow()) / (2 * Z_95);
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.length;
    }

    private static double sd(double[] values, double mean) {
        double sum = 0;
        for (double value : values) {
            sum += square(value - mean);
        }
        return Math.sqrt(sum / (values.length - 1));
    }

    private static double square(double value) {
        return value * value;
    }
}
