package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.AnomalyCounts;
import io.replsim.scenario.report.FaultReport;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped rolling restart (scenarios/drill-rolling-restart.yaml) on node processes: every member stopped and
 * started again in turn under sync full replication, each one back in the others' view before the next goes, and
 * the history checker finding no acknowledged append lost, nor any other anomaly a correct cluster does not show.
 */
@ExtendWith(NoNodeProcessLeft.class)
class RollingRestartDrill {

    private static final String SHIPPED = "drill-rolling-restart";

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void everyMemberRestartedInTurnLosesNoAcknowledgedAppend(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.playShipped(dir, SHIPPED);
        String console = played.console();
        List<FaultReport> faults = played.summary().faults();

        // the restart happened as stated: each member stopped with users on it, and back in the others' view
        assertThat(faults).extracting(FaultReport::type, FaultReport::node).as(console).containsExactly(
                tuple("stop", "node1"), tuple("restart", "node1"), tuple("stop", "node2"),
                tuple("restart", "node2"), tuple("stop", "node3"), tuple("restart", "node3"));
        assertThat(faults).as(console).allSatisfy(fault -> {
            assertThat(fault.evidence().confirmed()).isTrue();
            assertThat(fault.backInViewMs()).isNotNull();
        });
        assertThat(faults).filteredOn(fault -> fault.type().equals("stop")).as(console)
                .anySatisfy(stop -> assertThat(stop.affectedUsers()).isPositive());
        for (int restart = 1; restart < faults.size() - 1; restart += 2) {
            FaultReport rejoined = faults.get(restart);
            assertThat(rejoined.atMs() + rejoined.backInViewMs()).as("%s back before the next stop: %s",
                    rejoined.node(), console).isLessThan(faults.get(restart + 1).atMs());
        }

        AnomalyCounts anomalies = played.summary().anomalies();
        assertThat(anomalies.judged()).as(console).isPositive();
        assertThat(anomalies.notJudged()).as(console).isZero();
        assertThat(anomalies.lostUpdate()).as(console).isZero();
        assertThat(anomalies.illegal()).as(console).isZero();
        assertThat(played.passed()).as(console).isTrue();
    }
}
