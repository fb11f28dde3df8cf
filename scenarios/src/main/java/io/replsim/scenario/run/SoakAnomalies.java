package io.replsim.scenario.run;

import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.scenario.report.AnomalyCounts;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * What the history's checker found over a soak's drills (soak.json's {@code anomalies}): {@code counts} is every
 * judging drill's {@link AnomalyCounts} added up, per kind and the requests judged and not judged; {@code drillsJudged}
 * drills recorded a history, {@code drillsNotJudged} did not (no {@code load.history}), and theirs are left out of
 * the counts rather than counted as 0. With no drill judged, {@code counts} is null: every kind not judged.
 */
public record SoakAnomalies(int drillsJudged, int drillsNotJudged, AnomalyCounts counts) {

    static SoakAnomalies over(List<SoakRunner.Drill> drills) {
        List<AnomalyCounts> judged = drills.stream().map(SoakRunner.Drill::anomalies).filter(Objects::nonNull)
                .toList();
        return new SoakAnomalies(judged.size(), drills.size() - judged.size(),
                judged.stream().reduce(AnomalyCounts::plus).orElse(null));
    }

    /** One drill's part of its soak line: the illegal kinds its history showed, or that it recorded none. */
    static String ofDrill(AnomalyCounts anomalies) {
        if (anomalies == null) {
            return "history not recorded";
        }
        List<String> seen = Arrays.stream(AnomalyKind.values()).filter(kind -> !kind.legal())
                .filter(kind -> anomalies.of(kind) > 0)
                .map(kind -> String.format(Locale.ROOT, "%,d %s", anomalies.of(kind), kind.label())).toList();
        return "history: " + (seen.isEmpty() ? "no illegal anomaly" : String.join(", ", seen))
                + (anomalies.notJudged() == 0 ? "" : String.format(Locale.ROOT, " (%,d requests not judged)",
                        anomalies.notJudged()));
    }

    /** The soak's end line: the totals per kind over the drills that judged them. */
    String overAllDrills() {
        if (counts == null) {
            return "not recorded by any of the " + drillsNotJudged + " drills (no load.history): every kind not"
                    + " judged";
        }
        return String.format(Locale.ROOT, "%d of %d drills judged%s: %,d requests, %,d judged, %,d not judged; %s",
                drillsJudged, drillsJudged + drillsNotJudged, drillsNotJudged == 0 ? ""
                        : " (" + drillsNotJudged + " recorded no history: not judged, not in these counts)",
                counts.requests(), counts.judged(), counts.notJudged(),
                Arrays.stream(AnomalyKind.values()).map(kind -> String.format(Locale.ROOT, "%s %,d%s", kind.label(),
                        counts.of(kind), kind.legal() ? " (legal)" : "")).collect(Collectors.joining(", ")));
    }
}
