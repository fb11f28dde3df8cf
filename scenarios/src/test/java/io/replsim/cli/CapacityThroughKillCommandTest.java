package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code replsim capacity --through-kill} refuses what it cannot search, before anything starts. */
class CapacityThroughKillCommandTest {

    private static final String TWO_NODES = """
            name: two
            cluster: {nodes: 2, cpuBudget: 0.5}
            load: {users: 4, thinkTime: 1s, duration: 3s}
            """;

    @Test
    void withOneNodeDownItIsRefusedNamingBoth(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("two.yaml"), TWO_NODES);
        ReplsimCall call = ReplsimCall.of("capacity", scenario.toString(), "--through-kill", "--one-node-down",
                "--runs-dir", dir.resolve("runs").toString());

        assertThat(call.exit()).as(call.err()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(call.err()).contains("replsim capacity: --one-node-down and --through-kill are two searches")
                .contains("give one of them");
        assertThat(dir.resolve("runs")).as("nothing started").doesNotExist();
    }

    @Test
    void aClusterOfOneNodeIsRefused(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("one.yaml"), TWO_NODES.replace("nodes: 2", "nodes: 1"));
        ReplsimCall call = ReplsimCall.of("capacity", scenario.toString(), "--through-kill", "--runs-dir",
                dir.resolve("runs").toString());

        assertThat(call.exit()).as(call.err()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(call.err()).contains("--through-kill kills a node in every step, and " + scenario
                + " has cluster.nodes: 1: give it 2 nodes or more");
        assertThat(dir.resolve("runs")).as("nothing started").doesNotExist();
    }

    @Test
    void aTargetThatCannotBeKilledRestartedAndReadIsRefusedAsOneNodeDownIs(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("external.yaml"), """
                name: external
                cluster: {nodes: 1}
                load: {users: 4, thinkTime: 1s, duration: 3s}
                """);
        ReplsimCall call = ReplsimCall.of("capacity", scenario.toString(), "--target", "a=http://127.0.0.1:1",
                "--target", "b=http://127.0.0.1:2", "--through-kill", "--runs-dir", dir.resolve("runs").toString());

        assertThat(call.exit()).as(call.err()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(call.err()).contains(scenario + ": --through-kill: a search through a kill needs a way to kill a"
                        + " node, and runtime --target cannot")
                .contains("--through-kill: a search through a kill (the killed node started again for the next step)"
                        + " needs a way to start a killed node again")
                .contains("--through-kill: a search through a kill (the restarted node awaited in every member's"
                        + " view) needs the cluster's views");
        assertThat(dir.resolve("runs")).as("nothing ran").doesNotExist();
    }
}
