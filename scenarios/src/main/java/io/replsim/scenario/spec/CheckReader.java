package io.replsim.scenario.spec;

import io.replsim.loadgen.anomaly.AnomalyKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the {@code checks} section into checks, in the order the file lists them. */
final class CheckReader {

    /** Reads one check's value from its key. */
    @FunctionalInterface
    private interface CheckField {
        Field<? extends Check> read(MapReader checks, String key);
    }

    private static final String POSITIVE = "a duration above 0s and at most 24h, such as 800ms";
    private static final String FRACTION = "a fraction of the CPU budget above 0 and at most 1, such as 0.6";
    private static final Map<String, CheckField> BY_KEY = byKey();

    static final List<String> FIELDS = List.copyOf(BY_KEY.keySet());

    private CheckReader() {
    }

    static List<Check> read(MapReader checks) {
        List<Check> found = new ArrayList<>();
        for (String key : checks.presentFields()) {
            // A check written without a value is most likely unfinished; dropping it quietly would pass the run.
            BY_KEY.get(key).read(checks, key).required().ifPresent(found::add);
        }
        return found;
    }

    /** One check by its key, for a fault's {@code expect:} map, which reuses the per-fault checks' keys. */
    static Field<? extends Check> readOne(MapReader map, String key) {
        return BY_KEY.get(key).read(map, key);
    }

    private static Map<String, CheckField> byKey() {
        Map<String, CheckField> byKey = new LinkedHashMap<>();
        byKey.put("maxSessionsLost", (checks, key) ->
                checks.wholeNumber(key, 0, Long.MAX_VALUE).map(Check.MaxSessionsLost::new));
        byKey.put("maxSessionsStale", (checks, key) ->
                checks.wholeNumber(key, 0, Long.MAX_VALUE).map(Check.MaxSessionsStale::new));
        byKey.put("p50Below", latencyBelow(50));
        byKey.put("p90Below", latencyBelow(90));
        byKey.put("p95Below", latencyBelow(95));
        byKey.put("p99Below", latencyBelow(99));
        byKey.put("maxBelow", latencyBelow(100));
        byKey.put("maxViewChange", (checks, key) -> positive(checks, key).map(Check.MaxViewChange::new));
        byKey.put("maxFailover", (checks, key) -> positive(checks, key).map(Check.MaxFailover::new));
        byKey.put("maxErrorsPerFault", (checks, key) ->
                checks.wholeNumber(key, 0, Long.MAX_VALUE).map(Check.MaxErrorsPerFault::new));
        byKey.put("maxP90Recovery", (checks, key) -> positive(checks, key).map(Check.MaxP90Recovery::new));
        byKey.put("maxMergeAfterHeal", (checks, key) -> positive(checks, key).map(Check.MaxMergeAfterHeal::new));
        byKey.put("maxSurvivorCpu", (checks, key) -> checks.number(key, FRACTION)
                .must(max -> max > 0 && max <= 1, FRACTION).map(Check.MaxSurvivorCpu::new));
        byKey.put("maxAnomalies", CheckReader::maxAnomalies);
        return byKey;
    }

    /** {@code maxAnomalies: {lostUpdate: 0, writeAppliedTwice: 0}}: a limit per anomaly kind, by its key. */
    private static Field<Check.MaxAnomalies> maxAnomalies(MapReader checks, String key) {
        List<String> kinds = Arrays.stream(AnomalyKind.values()).map(AnomalyKind::key).toList();
        return checks.section(key, kinds)
                .must(limits -> !limits.presentFields().isEmpty(), "a map of at least one anomaly kind to the most"
                        + " the run may show, such as {lostUpdate: 0}; the kinds: " + String.join(", ", kinds))
                .map(limits -> {
                    Map<AnomalyKind, Long> byKind = new EnumMap<>(AnomalyKind.class);
                    for (AnomalyKind kind : AnomalyKind.values()) {
                        limits.wholeNumber(kind.key(), 0, Long.MAX_VALUE).optional()
                                .ifPresent(max -> byKind.put(kind, max));
                    }
                    // a limit written wrongly is reported; the others still make a check so reading goes on
                    return byKind.isEmpty() ? null : new Check.MaxAnomalies(byKind);
                });
    }

    private static CheckField latencyBelow(double percentile) {
        return (checks, key) -> positive(checks, key).map(bound -> new Check.LatencyBelow(percentile, bound));
    }

    private static Field<Duration> positive(MapReader checks, String key) {
        return checks.duration(key).must(bound -> bound.isPositive() && bound.compareTo(LoadSettings.LONGEST_SPAN) <= 0,
                POSITIVE);
    }
}
