package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.anomaly.Anomaly;
import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.loadgen.anomaly.Consistency;
import io.replsim.loadgen.anomaly.ConsistencyChecker;
import io.replsim.loadgen.history.HistoryFile;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.FaultReport;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A known answer of the history checker for a SIGKILL: the shipped drill scenarios/drill-async-kill.yaml (on node
 * processes, the primary of the most sessions killed), judged by the checker. Under async delivery the killed node
 * acknowledged appends it had not sent yet, and the checker names them lost, each with its proof: the append answered
 * by the killed node and the session's last read, answered by a survivor, lacking it. Its counterpart under sync,
 * where nothing acknowledged is lost: {@link SyncKillHistoryDrill} (a class of its own, so the slow tier plays the
 * two side by side).
 */
@ExtendWith(NoNodeProcessLeft.class)
class KillHistoryDrill {

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void underAsyncTheCheckerNamesTheKilledNodesAcknowledgedAppendsLostEachWithItsProof(@TempDir Path dir)
            throws Exception {
        PlayedScenario played = PlayedScenario.playShipped(dir, "drill-async-kill");
        String killed = killedNode(played);
        Consistency judged = checked(played);

        List<Anomaly> lost = judged.of(AnomalyKind.LOST_UPDATE);
        assertThat(lost).as(played.console()).isNotEmpty();
        assertThat(played.summary().anomalies().lostUpdate()).isEqualTo(lost.size());
        for (Anomaly anomaly : lost) {
            Anomaly.LostUpdate update = (Anomaly.LostUpdate) anomaly;
            long element = update.write().appended().getAsLong();
            assertThat(update.write().acknowledged()).as(update.why()).isTrue();
            assertThat(update.write().node()).as(update.why()).contains(killed);
            assertThat(update.lastRead().after(update.write())).as(update.why()).isTrue();
            assertThat(update.lastRead().node()).as(update.why()).isPresent().isNotEqualTo(Optional.of(killed));
            assertThat(update.lastRead().read()).as(update.why()).hasValueSatisfying(
                    list -> assertThat(list).doesNotContain(element));
        }
        // the loss is named once, as lost updates: no other anomaly a correct cluster does not show
        assertThat(judged.illegal()).as(played.console()).hasSameSizeAs(lost);
    }

    /** The node the kill took, once the kill is confirmed and found users on it to fail over (else it proves none). */
    static String killedNode(PlayedScenario played) {
        FaultReport kill = played.summary().faults().getFirst();
        assertThat(kill.evidence().confirmed()).as(played.console()).isTrue();
        assertThat(kill.affectedUsers()).as(played.console()).isPositive();
        return kill.node();
    }

    /** The shipped run's history.jsonl, judged by the checker as {@code replsim check} judges it. */
    static Consistency checked(PlayedScenario played) throws Exception {
        return ConsistencyChecker.check(HistoryFile.readHistory(played.directory().resolve(HistoryFile.NAME)));
    }
}
