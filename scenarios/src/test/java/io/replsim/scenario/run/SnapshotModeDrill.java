package io.replsim.scenario.run;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.NodeFigure;
import io.replsim.scenario.report.RunSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What snapshot mode interval costs in a failover, with real node processes and a SIGKILL: the same load and the same
 * kill under full synchronous replication, once with every request replicated at its end (instant) and once under
 * interval. The interval (60 s) is longer than the run, so that on a loaded machine the loss does not depend on when
 * the killed node's last round happened to run: none of its changes reached a backup, and its users come back STALE
 * (a session it took over and changed) or LOST, where under instant none does. The window itself, one interval, is
 * held by SnapshotIntervalTest.
 */
@ExtendWith(NoNodeProcessLeft.class)
class SnapshotModeDrill {
    private static final String SCENARIO = """
            name: %s
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: all, granularity: session, delivery: sync, syncTimeout: 2s%s}
            workload: {app: counter, payload: 1KB}
            load: {users: 18, thinkTime: 200ms, rampUp: 2s, duration: 11s, requestTimeout: 3s}
            faults:
              - {type: kill, at: 6s, target: primary-of-most}
            """;

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aKillUnderIntervalLeavesTheKilledNodesUsersBehindWhereInstantKeepsThemCurrent(@TempDir Path dir)
            throws Exception {
        PlayedScenario interval = PlayedScenario.play(dir, "snapshot-interval",
                SCENARIO.formatted("snapshot-interval", ", snapshotMode: interval, snapshotInterval: 60s"));
        PlayedScenario instant = PlayedScenario.play(dir, "snapshot-instant",
                SCENARIO.formatted("snapshot-instant", ""));

        RunSummary.Verdicts underInterval = interval.summary().sessions();
        RunSummary.Verdicts underInstant = instant.summary().sessions();
        assertThat(underInterval.stale() + underInterval.lost())
                .as("the killed node's users lose what they changed since its last send\n" + interval.console())
                .isPositive();
        assertThat(underInstant.stale() + underInstant.lost()).as(instant.console()).isZero();
        assertThat(underInterval.corrupt() + underInstant.corrupt()).isZero();
        // the requests interval mode did not send one by one are counted, on the console and in summary.json
        assertThat(interval.summary().nodes()).extracting(node -> node.get(NodeFigure.COALESCED_UPDATES))
                .anySatisfy(coalesced -> assertThat(coalesced).isPositive());
        assertThat(interval.console()).contains("updates coalesced into the interval's sends");
        assertThat(instant.summary().nodes()).extracting(node -> node.get(NodeFigure.COALESCED_UPDATES))
                .containsOnly(0L);
    }
}
