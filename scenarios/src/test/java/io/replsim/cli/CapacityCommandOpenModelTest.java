package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code replsim capacity} on an open-model scenario searches the arrival rate: the users' settings are refused
 * where they are written, and so are the rate's on a closed-model scenario, each before anything starts.
 */
class CapacityCommandOpenModelTest {

    private static final String OPEN = """
            name: open
            cluster: {nodes: 1}
            load:
              model: open
              rate: 30
              duration: 3s
            """;
    private static final String CLOSED = """
            name: closed
            cluster: {nodes: 1}
            load:
              users: 10
              thinkTime: 1s
              duration: 3s
            """;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalErr;

    @BeforeEach
    void captureErr() {
        originalErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreErr() {
        System.setErr(originalErr);
    }

    private int capacity(Path dir, String yaml, String... flags) throws Exception {
        Path scenario = Files.writeString(dir.resolve("scenario.yaml"), yaml);
        String[] args = new String[flags.length + 4];
        args[0] = "capacity";
        args[1] = scenario.toString();
        args[2] = "--runs-dir";
        args[3] = dir.resolve("runs").toString();
        System.arraycopy(flags, 0, args, 4, flags.length);
        return new CommandLine(new ReplsimCommand()).execute(args);
    }

    private String said() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theUsersFlagsAreRefusedForAnOpenLoad(@TempDir Path dir) throws Exception {
        assertThat(capacity(dir, OPEN, "--start-users", "10")).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(said()).contains("--start-users: load.model is open: its search steps the arrival rate");
        assertThat(capacity(dir, OPEN, "--max-users", "10")).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(said()).contains("--max-users: load.model is open");
    }

    @Test
    void theCapacitySectionsStartUsersIsRefusedForAnOpenLoadAtItsPath(@TempDir Path dir) throws Exception {
        assertThat(capacity(dir, OPEN + "capacity: {startUsers: 5}\n")).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(said()).contains("capacity.startUsers").contains("load.model is open");
    }

    @Test
    void theCapacitySectionsRateBoundsAreTheSearchsUnlessAFlagSaysOtherwise(@TempDir Path dir) throws Exception {
        String bounded = OPEN + "capacity: {startRate: 500, maxRate: 600}\n";
        assertThat(capacity(dir, bounded, "--max-rate", "100")).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(said()).contains("500 arrivals/s (capacity.startRate), above its cap of 100 (--max-rate)");
        assertThat(capacity(dir, OPEN + "capacity: {maxRate: 20}\n")).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(said()).contains("30 arrivals/s (load.rate), above its cap of 20 (capacity.maxRate)");
    }

    @Test
    void aStartRateAboveTheCapIsRefusedWithBothFlags(@TempDir Path dir) throws Exception {
        assertThat(capacity(dir, OPEN, "--start-rate", "500", "--max-rate", "100"))
                .isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(said()).contains("500 arrivals/s (--start-rate), above its cap of 100 (--max-rate)");
    }

    @Test
    void theRateFlagsAreRefusedForAClosedLoad(@TempDir Path dir) throws Exception {
        assertThat(capacity(dir, CLOSED, "--max-rate", "100")).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(said()).contains("--max-rate: load.model is closed");
    }

    @Test
    void anOpenLoadAgainstATargetIsRefused(@TempDir Path dir) throws Exception {
        assertThat(capacity(dir, OPEN, "--target", "a=http://127.0.0.1:1")).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(said()).contains("load.model: the open model needs arrivals at a rate")
                .contains("and runtime --target cannot");
    }
}
