package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.NoNodeProcessLeft;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drills on three node JVMs with a real SIGKILL, each on a stack from the scenario's {@code jgroups} section and
 * behind the balancer its {@code balancer} section names. The new view must come when the stack's own values say it
 * can, never before: the bounds below are worked out from the values, with margins for a loaded machine, and no
 * figure of this machine is written into them.
 *
 * <p>How a SIGKILL is noticed: with FD_SOCK2 on, the dead process's sockets close at once, its neighbour suspects it,
 * and VERIFY_SUSPECT2 passes the suspicion up between one and two of its timeouts later (its timer checks every
 * timeout); the coordinator then installs the view. Without FD_SOCK2 only FD_ALL3 notices: it keeps a bit per
 * interval of the timeout, set by a heartbeat and cleared as its checker (every interval) moves on, and suspects a
 * member whose bits are all clear; so the suspicion comes within an interval or two of the timeout after the kill,
 * and VERIFY_SUSPECT2's wait follows.
 *
 * <p>A drill of the slow tier ({@code ./replsim test tomcat}, run by .ci/run after the suite): its three clusters
 * wait out production-like detection times, about 95 s in all.
 */
@ExtendWith(NoNodeProcessLeft.class)
class FailureDetectionDrill {
    /** Clock and log granularity between the runner's kill stamp and the nodes' view stamps. */
    private static final Duration EARLY_MARGIN = Duration.ofMillis(100);
    /** The coordinator's view installation and a loaded 2-core machine's scheduling delays. */
    private static final Duration LATE_MARGIN = Duration.ofMillis(1_500);

    private static final String DRILL = """
            name: %s
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: all, delivery: sync}
            load: {users: 30, thinkTime: 200ms, rampUp: 2s, duration: %s}
            faults:
              - {type: kill, at: 8s, target: %s}
            %s
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void withTheWildFlyPresetAKilledMemberLeavesTheViewWhenVerifySuspect2SaysAndItsUsersSpread(@TempDir Path dir)
            throws Exception {
        FaultReport kill = drill(dir, "wildfly-kill", "16s", "primary-of-most", "jgroups: {preset: wildfly}");
        StackTuning.FailureDetection wildfly = StackPreset.WILDFLY.tuning().failureDetection();
        assertThat(wildfly.socketMonitor()).as("WildFly's stack lists FD_SOCK2").isTrue();

        assertThat(kill.viewChangeMs()).as("the new view, ms after the kill").isNotNull()
                .isBetween(wildfly.verifySuspectTimeout().minus(EARLY_MARGIN).toMillis(),
                        wildfly.verifySuspectTimeout().multipliedBy(2).plus(LATE_MARGIN).toMillis())
                .as("FD_SOCK2 saw the kill: FD_ALL3's timeout never came into it")
                .isLessThan(wildfly.heartbeatTimeout().toMillis());
        assertThat(kill.affectedUsers()).isPositive();
        assertThat(kill.recoveredUsers()).isEqualTo(kill.affectedUsers());
        assertThat(kill.movedTo()).as("spread, the default: the dead node's users by survivor").hasSize(2);
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void withoutFdSock2AKillIsNoticedOnlyWhenFdAll3sTimeoutHasPassed(@TempDir Path dir) throws Exception {
        Duration timeout = Duration.ofSeconds(5);
        Duration interval = Duration.ofSeconds(1);
        Duration verify = Duration.ofSeconds(1);
        FaultReport kill = drill(dir, "heartbeat-kill", "24s", "primary-of-most", """
                jgroups:
                  preset: wildfly
                  fdSock2: false
                  fdAll3: {timeout: 5s, interval: 1s}
                """);

        assertThat(kill.viewChangeMs()).as("the new view, ms after the kill").isNotNull()
                .isBetween(timeout.minus(interval.multipliedBy(2)).plus(verify).minus(EARLY_MARGIN).toMillis(),
                        timeout.plus(interval).plus(verify.multipliedBy(2)).plus(LATE_MARGIN).toMillis());
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void withFailoverNextAKilledNodesUsersAllGoToTheNextNode(@TempDir Path dir) throws Exception {
        FaultReport kill = drill(dir, "next-kill", "16s", "node2", "balancer: {failover: next}");

        assertThat(kill.affectedUsers()).isPositive();
        assertThat(kill.recoveredUsers()).isEqualTo(kill.affectedUsers());
        assertThat(kill.movedTo()).as("the dead node's users by survivor").containsOnlyKeys("node3");
    }

    private static FaultReport drill(Path dir, String name, String duration, String target, String sections)
            throws Exception {
        PlayedScenario played = PlayedScenario.play(dir, name, DRILL.formatted(name, duration, target, sections));
        assertThat(played.summary().faults()).as(played.console()).singleElement();
        FaultReport kill = played.summary().faults().getFirst();
        System.out.println(name + ": new view after " + kill.viewChangeMs() + " ms, users moved to "
                + kill.movedTo());
        System.out.println(played.console());
        return kill;
    }
}
