package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.RunSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three node JVMs on JGroups' UDP transport ({@code jgroups.transport: udp}): they find each other by multicast on
 * loopback, replicate over direct streams, and a real SIGKILL of the busiest node loses nothing. Each node's log
 * must say it ran UDP on the run's multicast group, so a quiet fall back to TCP fails here.
 */
@ExtendWith(NoNodeProcessLeft.class)
class UdpTransportDrill {
    private static final String SCENARIO = """
            name: udp-short
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            jgroups: {transport: udp}
            replication: {placement: all, delivery: sync}
            load: {users: 20, thinkTime: 200ms, rampUp: 2s, duration: 12s}
            faults:
              - {type: kill, at: 6s, target: primary-of-most}
            checks: {maxSessionsLost: 0, maxSessionsStale: 0}
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aUdpClusterFormsReplicatesAndLosesNothingWhenItsBusiestNodeIsKilled(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.play(dir, "udp-short", SCENARIO);
        RunSummary summary = played.summary();
        String printed = played.console();

        for (String node : new String[] {"node1", "node2", "node3"}) {
            assertThat(Files.readString(played.directory().resolve("nodes").resolve(node + ".log")))
                    .as(node + "'s log").containsPattern("JGroups over UDP, multicast group 239\\.[0-9.]+:[0-9]+ on"
                            + " 127\\.0\\.0\\.1");
        }
        assertThat(summary.sessions().lost()).as(printed).isZero();
        assertThat(summary.sessions().stale()).as(printed).isZero();
        assertThat(summary.sessions().ok()).as(printed).isGreaterThanOrEqualTo(20);
        FaultReport kill = summary.faults().getFirst();
        assertThat(kill.affectedUsers()).as(printed).isPositive();
        assertThat(kill.recoveredUsers()).as(printed).isEqualTo(kill.affectedUsers());
        assertThat(kill.viewChangeMs()).as("both survivors installed a view without the killed node").isNotNull();
        assertThat(played.passed()).as(printed).isTrue();
        System.out.println("udp-short: new view after " + kill.viewChangeMs() + " ms; " + summary.requests().total()
                + " requests");
    }
}
