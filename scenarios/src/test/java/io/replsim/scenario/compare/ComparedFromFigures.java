package io.replsim.scenario.compare;

import io.replsim.scenario.provenance.Provenance;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A capacity comparison made from figures, no search run (a test fixture for the page's readers): all, the
 * reference, at 1,000 and 1,010 users; buddies at 1,300 and 1,320, each search bound by CPU with its interval for
 * another search's answer ±10%, so buddies differs, above all.
 */
public final class ComparedFromFigures {
    public static final Provenance PROVENANCE = CapacityComparisonTest.provenance();

    private ComparedFromFigures() {
    }

    public static CapacityComparison capacity() throws Exception {
        var answers = Map.of("all", List.of(CapacityComparisonTest.answer(1000), CapacityComparisonTest.answer(1010)),
                "buddies", List.of(CapacityComparisonTest.answer(1300), CapacityComparisonTest.answer(1320)));
        return CapacityComparisonTest.compare(CapacityComparisonTest.plan(2),
                CapacityComparisonTest.player(answers, new ArrayList<>()));
    }

    /** compare.json and compare.html of {@link #capacity()} in {@code directory}, as compare --capacity writes them. */
    public static Path writtenTo(Path directory) throws Exception {
        CapacityComparisonReport.write(capacity(), PROVENANCE, directory.resolve("compare.json"));
        return ComparisonPage.write(directory);
    }
}
