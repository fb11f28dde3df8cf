package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.history.HistoryFile;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.AnomalyCounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link AsyncLogoutKillDrill}'s drill under sync delivery (the shipped file with {@code delivery: sync} and no
 * async section): a logout is answered once every member dropped its copy, so the users the kill sends on with an
 * ended session's cookie get a new session from the survivor, and the checker finds no invalidated session
 * answered again, nor any other anomaly a correct cluster does not show.
 */
@ExtendWith(NoNodeProcessLeft.class)
class SyncLogoutKillDrill {

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void underSyncTheUsersSentOnWithAnEndedSessionsCookieGetANewSession(@TempDir Path dir) throws Exception {
        String shipped = Files.readString(Path.of(AsyncLogoutKillDrill.NAME + ".yaml"));
        String sync = shipped.replace("  delivery: async\n", "  delivery: sync\n")
                .replaceAll("(?m)^  async: .*\\n", "");
        assertThat(sync).contains("  delivery: sync\n").doesNotContain("  async: ");
        PlayedScenario played = PlayedScenario.play(dir, AsyncLogoutKillDrill.NAME + "-sync", sync);
        String killed = KillHistoryDrill.killedNode(played);
        List<HistoryRequest> history = HistoryFile.read(played.directory().resolve(HistoryFile.NAME));
        AsyncLogoutKillDrill.printFigures(played, history, killed);

        List<HistoryRequest> carried = AsyncLogoutKillDrill.carriedLoggedOutIds(history, killed);
        assertThat(carried).as(played.console()).isNotEmpty();
        for (HistoryRequest request : carried) {
            assertThat(request.answer().orElseThrow().session()).as(request.describe())
                    .isNotEqualTo(request.sentSession().orElseThrow());
        }
        AnomalyCounts anomalies = played.summary().anomalies();
        assertThat(anomalies.judged()).as(played.console()).isPositive();
        assertThat(anomalies.invalidatedSessionAnswered()).as(played.console()).isZero();
        assertThat(anomalies.illegal()).as(played.console()).isZero();
        assertThat(played.passed()).as(played.console()).isTrue();
    }
}
