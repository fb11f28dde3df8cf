package io.replsim.scenario.run;

import io.replsim.scenario.report.CheckOutcome;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.NodeFigure;
import io.replsim.scenario.report.NodeFigures;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.NoNodeProcessLeft;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code placement: none} with real node processes and a real SIGKILL: no node holds a copy of another's session,
 * so the kill loses exactly the killed node's sessions. Three accounts that do not depend on each other agree: the
 * killed node's own count of the sessions it owned, the driver's verdicts (each of its users answered with a new
 * session: LOST) and the oracle of {@code lost: owner-and-backups-dead}, which names the users whose owner and
 * every backup died and must find exactly those lost, no other.
 */
@ExtendWith(NoNodeProcessLeft.class)
class NoReplicationDrillProcessTest {

    private static final String NONE = """
            name: none-kill
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: none}
            workload: {app: counter, payload: 1KB}
            load: {users: 24, thinkTime: 300ms, rampUp: 2s, duration: 15s, requestTimeout: 3s}
            faults:
              - type: kill
                at: 6s
                target: primary-of-most
                expect: {lost: owner-and-backups-dead, maxLost: 0}
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aKillLosesExactlyTheKilledNodesSessionsAndTheOracleNamesThemAndNoOthers(@TempDir Path dir)
            throws Exception {
        // The kill waits until every user has its session (at most 4 s): a user still waiting for its first answer
        // when its node dies would be counted by the node but not by the driver.
        PlayedScenario played = PlayedScenario.playOnceUsersAreServed(dir, "none-kill", NONE, 2, Duration.ofSeconds(4));
        RunSummary summary = played.summary();
        String printed = played.console();

        assertThat(summary.faults()).as(printed).hasSize(1);
        FaultReport kill = summary.faults().getFirst();
        int affected = kill.affectedUsers();
        NodeFigures killed = summary.nodes().stream().filter(node -> node.name().equals(kill.node()))
                .findFirst().orElseThrow();
        assertThat(affected).as(printed).isPositive().isLessThan(24);
        // the killed node's own last account: it owned exactly its users' sessions, and no node held a copy
        assertThat(killed.get(NodeFigure.SESSIONS_OWNED)).as(printed).isEqualTo(affected);
        assertThat(summary.nodes()).as(printed)
                .allSatisfy(node -> assertThat(node.get(NodeFigure.SESSIONS_BACKUP)).isZero());
        // the driver: each of those users got a new session (LOST), which then stayed OK like every other one
        assertThat(summary.sessions()).as(printed).isEqualTo(new RunSummary.Verdicts(24, 0, affected, 0, 0));
        assertThat(kill.attributed().sessionsLost()).as(printed).isEqualTo(affected);
        assertThat(kill.attributed().lostUsers()).as(printed).hasSize(affected);
        // the oracle: exactly the sessions whose owner (and its no backups) died, and no other
        assertThat(kill.expectations()).as(printed).hasSize(2);
        CheckOutcome exact = kill.expectations().get(0);
        assertThat(exact.passed()).as(printed + exact).isTrue();
        assertThat(exact.limit()).as(printed).contains("= those whose owner and backups died: " + affected);
        // and the baseline's cost is visible: the same kill breaks any promise that nothing is lost
        CheckOutcome none = kill.expectations().get(1);
        assertThat(none.passed()).as(printed + none).isFalse();
        assertThat(none.actual()).isEqualTo(Integer.toString(affected));
        assertThat(played.passed()).as(printed).isFalse();
    }
}
