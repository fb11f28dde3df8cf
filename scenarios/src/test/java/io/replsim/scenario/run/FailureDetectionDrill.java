package io.replsim.scenario.run;

import static io.replsim.scenario.run.KillDrill.EARLY_MARGIN;
import static io.replsim.scenario.run.KillDrill.LATE_MARGIN;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.NoNodeProcessLeft;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A drill on three node JVMs with a real SIGKILL, on the stack of the scenario's {@code jgroups} section. The new view
 * must come when the stack's own values say it can, never before: the bounds below are worked out from the values,
 * with margins for a loaded machine, and no figure of this machine is written into them.
 *
 * <p>How a SIGKILL is noticed: with FD_SOCK2 on, the dead process's sockets close at once, its neighbour suspects it,
 * and VERIFY_SUSPECT2 passes the suspicion up between one and two of its timeouts later (its timer checks every
 * timeout); the coordinator then installs the view. Without FD_SOCK2 only FD_ALL3 notices
 * ({@link HeartbeatDetectionDrill}).
 *
 * <p>A drill of the slow tier ({@code ./replsim test tomcat}, run by .ci/run after the suite): about 30 s.
 */
@ExtendWith(NoNodeProcessLeft.class)
class FailureDetectionDrill {

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void withTheWildFlyPresetAKilledMemberLeavesTheViewWhenVerifySuspect2SaysAndItsUsersSpread(@TempDir Path dir)
            throws Exception {
        FaultReport kill = KillDrill.play(dir, "wildfly-kill", "16s", "primary-of-most", "jgroups: {preset: wildfly}");
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
}
