package io.replsim.scenario.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads a fault's {@code expect:} map: the counts of sessions its window may lose or find stale, the exact-loss
 * oracle, and the per-fault checks of the {@code checks} section under the same keys.
 */
final class ExpectReader {

    private static final List<String> PER_FAULT_CHECKS = List.of("maxViewChange", "maxFailover", "maxErrorsPerFault",
            "maxP90Recovery", "maxMergeAfterHeal", "maxSurvivorCpu");
    static final List<String> FIELDS = Stream.concat(Stream.of("maxLost", "maxStale", "lost"),
            PER_FAULT_CHECKS.stream()).toList();
    private static final String LOST = FaultExpectation.LostExactlyUnreplicated.WRITTEN
            + " (exactly the sessions whose owner and every backup were the fault's nodes); for a count, maxLost: 0";

    private ExpectReader() {
    }

    static List<FaultExpectation> read(MapReader expect) {
        List<FaultExpectation> found = new ArrayList<>();
        for (String key : expect.presentFields()) {
            switch (key) {
                case "maxLost" -> expect.wholeNumber(key, 0, Long.MAX_VALUE).required()
                        .map(FaultExpectation.MaxLost::new).ifPresent(found::add);
                case "maxStale" -> expect.wholeNumber(key, 0, Long.MAX_VALUE).required()
                        .map(FaultExpectation.MaxStale::new).ifPresent(found::add);
                case "lost" -> expect.text(key, LOST)
                        .must(FaultExpectation.LostExactlyUnreplicated.WRITTEN::equals, LOST).required()
                        .map(written -> new FaultExpectation.LostExactlyUnreplicated()).ifPresent(found::add);
                default -> CheckReader.readOne(expect, key).required()
                        .map(check -> new FaultExpectation.Bound(check)).ifPresent(found::add);
            }
        }
        return found;
    }
}
