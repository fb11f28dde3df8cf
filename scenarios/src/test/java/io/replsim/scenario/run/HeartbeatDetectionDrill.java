package io.replsim.scenario.run;

import static io.replsim.scenario.run.KillDrill.EARLY_MARGIN;
import static io.replsim.scenario.run.KillDrill.LATE_MARGIN;
import static org.assertj.core.api.Assertions.assertThat;

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
 * A SIGKILL on a stack without FD_SOCK2: only FD_ALL3 notices. It keeps a bit per interval of the timeout, set by a
 * heartbeat and cleared as its checker (every interval) moves on, and suspects a member whose bits are all clear; so
 * the suspicion comes within an interval or two of the timeout after the kill, and VERIFY_SUSPECT2's wait follows.
 * The bounds are worked out from the stack's values, with {@link KillDrill}'s margins.
 *
 * <p>A drill of the slow tier ({@code ./replsim test tomcat}): about 35 s.
 */
@ExtendWith(NoNodeProcessLeft.class)
class HeartbeatDetectionDrill {

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void withoutFdSock2AKillIsNoticedOnlyWhenFdAll3sTimeoutHasPassed(@TempDir Path dir) throws Exception {
        Duration timeout = Duration.ofSeconds(5);
        Duration interval = Duration.ofSeconds(1);
        Duration verify = Duration.ofSeconds(1);
        FaultReport kill = KillDrill.play(dir, "heartbeat-kill", "24s", "primary-of-most", """
                jgroups:
                  preset: wildfly
                  fdSock2: false
                  fdAll3: {timeout: 5s, interval: 1s}
                """);

        assertThat(kill.viewChangeMs()).as("the new view, ms after the kill").isNotNull()
                .isBetween(timeout.minus(interval.multipliedBy(2)).plus(verify).minus(EARLY_MARGIN).toMillis(),
                        timeout.plus(interval).plus(verify.multipliedBy(2)).plus(LATE_MARGIN).toMillis());
    }
}
