package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** A search whose nodes' CPU budgets leave the driver too little of the machine is refused before it starts. */
class CapacityCommandMachineTest {

    @Test
    void budgetsBeyondTheMachinesCoresAreRefusedWithWhatToDo(@TempDir Path dir) throws Exception {
        // 3 x 64 cores: more than any machine this runs on, so the refusal does not depend on its cores
        Path scenario = Files.writeString(dir.resolve("crowded.yaml"), """
                name: crowded
                cluster: {nodes: 3, cpuBudget: 64}
                load: {users: 10, thinkTime: 1s, duration: 3s}
                """);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream original = System.err;
        int exit;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = new CommandLine(new ReplsimCommand()).execute("capacity", scenario.toString(), "--runs-dir",
                    dir.resolve("runs").toString());
        } finally {
            System.setErr(original);
        }

        assertThat(exit).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("cluster.cpuBudget: 3 nodes x 64.00 cores")
                .contains("give each node at most");
        assertThat(dir.resolve("runs")).as("nothing started, no run directory").doesNotExist();
    }
}
