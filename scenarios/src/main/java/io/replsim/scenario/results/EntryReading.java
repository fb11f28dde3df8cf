package io.replsim.scenario.results;

import java.util.List;

/**
 * What an entry's run directories say: replsim's figure in words (each variant's, with its interval), the figures
 * set beside the source's, whether anything was measured at all, and each condition the source's figure starts from
 * that the run did not meet (entry 5's cluster near 60% before its kill): a comparison that starts elsewhere says
 * nothing of the source's, however near the figures land.
 */
public record EntryReading(String figure, List<Compared> compared, boolean measured, List<String> unmetPremises) {

    public EntryReading {
        compared = List.copyOf(compared);
        unmetPremises = List.copyOf(unmetPremises);
    }

    public EntryReading(String figure, List<Compared> compared, boolean measured) {
        this(figure, compared, measured, List.of());
    }

    public static EntryReading notMeasured() {
        return new EntryReading("", List.of(), false);
    }
}
