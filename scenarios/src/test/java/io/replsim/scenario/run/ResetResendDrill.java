package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.anomaly.Anomaly;
import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.loadgen.anomaly.Consistency;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.FaultReport;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history checker's known answer for the client's own resend: the shipped drill scenarios/drill-reset-resend.yaml
 * (node processes, sync replication to every node, the driver's shared pool of kept-alive connections) has the
 * busiest node reset every connection it answers for 2 s, after processing the request. A request reset on a pooled
 * connection is sent once more on a new one, which the node applies and resets too; the checker names each such
 * append a resend applied twice, its proof the resent append and the first read that holds its element twice, and
 * nothing a correct cluster does not show.
 */
@ExtendWith(NoNodeProcessLeft.class)
class ResetResendDrill {

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void theCheckerNamesEachResendTheResetNodeAppliedTwiceWithItsProof(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.playShipped(dir, "drill-reset-resend");
        FaultReport reset = played.summary().faults().getFirst();
        assertThat(reset.type()).isEqualTo("reset");
        assertThat(reset.evidence().confirmed()).as(played.console()).isTrue();
        Consistency judged = KillHistoryDrill.checked(played);

        List<Anomaly> resends = judged.of(AnomalyKind.RESEND_APPLIED_TWICE);
        assertThat(resends).as(played.console()).isNotEmpty();
        assertThat(played.summary().anomalies().resendAppliedTwice()).isEqualTo(resends.size());
        for (Anomaly anomaly : resends) {
            Anomaly.ResendAppliedTwice twice = (Anomaly.ResendAppliedTwice) anomaly;
            long element = twice.write().appended().getAsLong();
            assertThat(twice.write().resent()).as(twice.why()).isTrue();
            assertThat(twice.read().after(twice.write())).as(twice.why()).isTrue();
            assertThat(twice.read().read()).as(twice.why()).hasValueSatisfying(list ->
                    assertThat(list.stream().filter(shown -> shown == element)).hasSize(2));
        }
        assertThat(judged.illegal()).as(played.console()).isEmpty();
        assertThat(played.passed()).as(played.console()).isTrue();
    }
}
