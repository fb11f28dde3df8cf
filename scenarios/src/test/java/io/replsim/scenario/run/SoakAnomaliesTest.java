package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.report.AnomalyCounts;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history checker's counts in a soak ({@link MadeUpSoak}: run 1 without a history, runs 2 and 3 with): each
 * drill's line names the illegal kinds it showed, soak.json has each run's counts by kind and the totals over the
 * drills that judged them, and a drill without a history is not judged, never 0.
 */
class SoakAnomaliesTest {

    @TempDir
    Path dir;

    @Test
    void aDrillsLineNamesTheIllegalKindsItsHistoryShowedAndNotTheLegalOnes() {
        List<SoakRunner.Drill> drills = MadeUpSoak.summary().drills();

        assertThat(SoakAnomalies.ofDrill(drills.get(0).anomalies())).isEqualTo("history not recorded");
        assertThat(SoakAnomalies.ofDrill(drills.get(1).anomalies()))
                .isEqualTo("history: 7 lost update (4 requests not judged)");
        assertThat(SoakAnomalies.ofDrill(drills.get(2).anomalies()))
                .isEqualTo("history: 1 lost update, 3 non-monotonic read, 1 write applied twice");
        assertThat(SoakAnomalies.ofDrill(new AnomalyCounts(10, 8, 0, 2, 0, 0, 0, 1, 0, 0, 1)))
                .as("the legal kinds are counted in soak.json, not named as seen").isEqualTo("history: no illegal"
                        + " anomaly");
    }

    @Test
    void theEndLineGivesEveryKindsTotalOverTheDrillsThatJudgedIt() {
        assertThat(MadeUpSoak.summary().anomalies().overAllDrills()).isEqualTo("2 of 3 drills judged (1 recorded"
                + " no history: not judged, not in these counts): 1,500 requests, 1,490 judged, 4 not judged; lost"
                + " update 8, read-your-writes violated 0, non-monotonic read 3, indeterminate write applied 2"
                + " (legal), invalidated session answered again 0, write applied twice 1, resend applied twice 0"
                + " (legal)");
    }

    @Test
    void withNoHistoryInAnyDrillEveryKindIsNotJudged() {
        SoakRunner.Drill withoutHistory = MadeUpSoak.summary().drills().getFirst();

        SoakAnomalies anomalies = SoakRunner.summary("s", 2, 0, List.of(withoutHistory, withoutHistory), null)
                .anomalies();

        assertThat(anomalies.counts()).isNull();
        assertThat(anomalies.drillsNotJudged()).isEqualTo(2);
        assertThat(anomalies.overAllDrills()).isEqualTo("not recorded by any of the 2 drills (no load.history):"
                + " every kind not judged");
    }

    @Test
    void soakJsonHasEachRunsCountsByKindAndTheTotalsOverAllRuns() throws Exception {
        JsonNode soak = new ObjectMapper().readTree(MadeUpSoak.writtenTo(dir).resolve(RecordedSoak.FILE).toFile());

        assertThat(soak.at("/drills/0/anomalies").isNull()).as("run 1 recorded no history").isTrue();
        assertThat(soak.at("/drills/1/anomalies/lostUpdate").asLong()).isEqualTo(7);
        assertThat(soak.at("/drills/1/anomalies/indeterminateWriteApplied").asLong()).isEqualTo(2);
        assertThat(soak.at("/drills/2/anomalies/nonMonotonicRead").asLong()).isEqualTo(3);
        assertThat(soak.at("/anomalies/drillsJudged").asInt()).isEqualTo(2);
        assertThat(soak.at("/anomalies/drillsNotJudged").asInt()).isEqualTo(1);
        assertThat(soak.at("/anomalies/counts/lostUpdate").asLong()).isEqualTo(8);
        assertThat(soak.at("/anomalies/counts/nonMonotonicRead").asLong()).isEqualTo(3);
        assertThat(soak.at("/anomalies/counts/writeAppliedTwice").asLong()).isEqualTo(1);
        assertThat(soak.at("/anomalies/counts/notJudged").asLong()).isEqualTo(4);
        assertThat(RecordedSoak.read(dir).soak().anomalies()).as("read back as written")
                .isEqualTo(MadeUpSoak.summary().anomalies());
    }
}
