package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.NoNodeProcessLeft;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The balancer's {@code failover: next}: a SIGKILLed node's users all go to the node after it, where the default
 * spreads them over the survivors ({@link FailureDetectionDrill}). A drill of the slow tier: about 30 s.
 */
@ExtendWith(NoNodeProcessLeft.class)
class FailoverNextDrill {

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void withFailoverNextAKilledNodesUsersAllGoToTheNextNode(@TempDir Path dir) throws Exception {
        FaultReport kill = KillDrill.play(dir, "next-kill", "16s", "node2", "balancer: {failover: next}");

        assertThat(kill.affectedUsers()).isPositive();
        assertThat(kill.recoveredUsers()).isEqualTo(kill.affectedUsers());
        assertThat(kill.movedTo()).as("the dead node's users by survivor").containsOnlyKeys("node3");
    }
}
