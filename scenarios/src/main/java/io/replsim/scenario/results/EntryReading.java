package io.replsim.scenario.results;

import java.util.List;

/**
 * What an entry's run directories say: replsim's figure in words (each variant's, with its interval), the figures
 * set beside the source's, and whether anything was measured at all.
 */
public record EntryReading(String figure, List<Compared> compared, boolean measured) {

    public EntryReading {
        compared = List.copyOf(compared);
    }

    public static EntryReading notMeasured() {
        return new EntryReading("", List.of(), false);
    }
}
