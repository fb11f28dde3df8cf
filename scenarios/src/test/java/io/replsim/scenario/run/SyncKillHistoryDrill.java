package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.AnomalyCounts;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history checker's known answer under sync delivery: scenarios/drill-sync-kill.yaml, the same cluster, load and
 * kill as {@link KillHistoryDrill}'s async drill, loses no acknowledged append and shows no other anomaly a correct
 * cluster does not show.
 */
@ExtendWith(NoNodeProcessLeft.class)
class SyncKillHistoryDrill {

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void underSyncTheSameKillLosesNoAcknowledgedAppend(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.playShipped(dir, "drill-sync-kill");
        KillHistoryDrill.killedNode(played);
        AnomalyCounts anomalies = played.summary().anomalies();

        assertThat(anomalies.judged()).as(played.console()).isPositive();
        assertThat(anomalies.notJudged()).as(played.console()).isZero();
        assertThat(anomalies.lostUpdate()).as(played.console()).isZero();
        assertThat(anomalies.illegal()).as(played.console()).isZero();
        assertThat(played.passed()).as(played.console()).isTrue();
    }
}
