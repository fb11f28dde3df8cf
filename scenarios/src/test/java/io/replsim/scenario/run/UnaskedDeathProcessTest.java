package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.fault.RuntimeNemesis;
import io.replsim.scenario.report.CheckOutcome;
import io.replsim.scenario.report.NodeFigure;
import io.replsim.scenario.runtime.ProcessRuntime;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node process that dies while no fault of the scenario asked for it (here a SIGKILL from the test, behind the
 * runner's back; in life a crash, the OOM killer, a stranger's bytes) fails the run and is named with its exit
 * status: the cluster lost a member nobody took away. Real node processes.
 */
@ExtendWith(NoNodeProcessLeft.class)
@Timeout(120)
class UnaskedDeathProcessTest {

    private static final String NO_FAULTS = """
            name: unasked-death
            cluster: {nodes: 2, heap: 128m}
            replication: {placement: all, delivery: sync}
            load: {users: 6, thinkTime: 100ms, rampUp: 500ms, warmUp: 6s, duration: 10s}
            checks: {maxSessionsLost: 0}
            """;

    @Test
    void aNodeProcessKilledBehindTheRunnersBackFailsTheRunAndIsNamed(@TempDir Path dir) throws Exception {
        AtomicLong killedPid = new AtomicLong();
        PlayedScenario played = PlayedScenario.playWithNemesis(dir, "unasked-death", NO_FAULTS,
                (runtime, users, count) -> {
            ProcessRuntime processes = (ProcessRuntime) runtime;
            Thread.ofVirtual().start(() -> {
                // once node2 serves the load: a SIGKILL the runner neither sent nor hears of (within 5 s: before
                // the steady window from 6.5 s holds two of node2's readings, a second apart; at load 30-40 node2 had
                // not answered its 6th request within 3 s)
                await().atMost(Duration.ofSeconds(5)).ignoreExceptionsInstanceOf(IOException.class)
                        .until(() -> runtime.admin("node2").stats().requests().total() >= 6);
                killedPid.set(processes.pid("node2"));
                ProcessHandle.of(killedPid.get()).orElseThrow().destroyForcibly();
            });
            return new RuntimeNemesis(runtime, users, count);
        });

        assertThat(killedPid.get()).as(played.console()).isPositive();
        assertThat(played.passed()).isFalse();
        assertThat(played.summary().verdict()).isNotEqualTo("PASS");
        assertThat(played.summary().checks()).filteredOn(check -> !check.passed()).extracting(CheckOutcome::check)
                .containsExactly("nodes that ended with no fault ending them");
        assertThat(played.console()).contains("check     FAIL  nodes that ended with no fault ending them none"
                + " (measured node2 (pid " + killedPid.get() + ") exited with 137 (SIGKILL) at ")
                .contains("node2     (ended unasked)");
        // dead before the steady window had two readings of it: its CPU is not the window's, and not labelled so
        assertThat(played.summary().nodes()).filteredOn(node -> node.name().equals("node2")).singleElement()
                .extracting(node -> node.get(NodeFigure.CPU_OVER)).isNotEqualTo("steady window");
        assertThat(played.summary().nodes()).filteredOn(node -> node.name().equals("node1")).singleElement()
                .extracting(node -> node.get(NodeFigure.CPU_OVER)).isEqualTo("steady window");
    }
}
