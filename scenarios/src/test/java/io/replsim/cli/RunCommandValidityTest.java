package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.loadgen.foreign.ForeignApp;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A run judged INVALID is no PASS: {@code replsim run} (on its own node process or against a foreign app with
 * {@code --target}) and {@code replsim soak} print INVALID and exit 4, and {@code --accept-invalid} judges the run
 * by its checks. The lever is deterministic and needs no hook: a zero cycle time, which no response can keep, so
 * every cycle is missed and the missed-cycle rule finds the run INVALID whatever the machine's load.
 */
@Timeout(240)
class RunCommandValidityTest {

    private static final String MISSED_CYCLES = """
            name: missed-cycles
            cluster: {nodes: 1, heap: 128m}
            load: {users: 4, thinkTime: 0s, thinkMode: cycle-time, rampUp: 1s, duration: 4s}
            checks: {maxSessionsLost: 0}
            """;

    /** What a command printed, and its exit code. */
    private record Ran(int exit, String out, String err) {
    }

    private static Ran replsim(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        int exit;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = new CommandLine(new ReplsimCommand()).execute(args);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
        return new Ran(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static JsonNode onlySummary(Path runs) throws Exception {
        try (Stream<Path> summaries = Files.walk(runs)) {
            Path summary = summaries.filter(path -> path.getFileName().toString().equals("summary.json"))
                    .reduce((a, b) -> {
                        throw new AssertionError("more than one run in " + runs + ": " + a + ", " + b);
                    }).orElseThrow();
            return new ObjectMapper().readTree(summary.toFile());
        }
    }

    @Test
    void aRunJudgedInvalidExitsFourAndSaysInvalidUnlessInvalidRunsAreAccepted(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("missed-cycles.yaml"), MISSED_CYCLES);

        Ran refused = replsim("run", scenario.toString(), "--runs-dir", dir.resolve("refused").toString());

        assertThat(refused.exit()).as(refused.out() + refused.err()).isEqualTo(ReplsimCommand.INVALID_RUN);
        assertThat(refused.out()).contains("== missed-cycles: INVALID ==")
                .contains("validity  INVALID")
                .contains("check     PASS  sessions lost ≤ 0")
                .contains("replsim: INVALID: ").contains("cycles were missed")
                .contains("--accept-invalid");
        JsonNode summary = onlySummary(dir.resolve("refused"));
        assertThat(summary.get("verdict").asText()).isEqualTo("INVALID");
        assertThat(summary.at("/validity/verdict").asText()).isEqualTo("INVALID");
        assertThat(summary.at("/validity/reasons")).anySatisfy(reason ->
                assertThat(reason.asText()).contains("cycles were missed"));

        Ran accepted = replsim("run", scenario.toString(), "--accept-invalid",
                "--runs-dir", dir.resolve("accepted").toString());

        assertThat(accepted.exit()).as(accepted.out() + accepted.err()).isZero();
        assertThat(accepted.out()).contains("== missed-cycles: PASS ==").contains("validity  INVALID")
                .doesNotContain("replsim: INVALID");
        JsonNode acceptedSummary = onlySummary(dir.resolve("accepted"));
        assertThat(acceptedSummary.get("verdict").asText()).isEqualTo("PASS");
        assertThat(acceptedSummary.at("/validity/verdict").asText()).isEqualTo("INVALID");
    }

    @Test
    void aSoakWithAnInvalidDrillExitsFour(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("missed-cycles.yaml"), MISSED_CYCLES);

        Ran soak = replsim("soak", scenario.toString(), "--repeat", "1", "--runs-dir", dir.toString());

        assertThat(soak.exit()).as(soak.out() + soak.err()).isEqualTo(ReplsimCommand.INVALID_RUN);
        assertThat(soak.out()).contains("soak 1/1: INVALID").contains("0 of 1 drills passed, 1 INVALID");
    }

    @Test
    void aDrillAgainstATargetJudgedInvalidExitsFourAndWithAcceptInvalidByItsChecks(@TempDir Path dir)
            throws Exception {
        Path scenario = Files.writeString(dir.resolve("missed-cycles.yaml"), MISSED_CYCLES);
        Ran refused;
        Ran accepted;
        try (ForeignApp app = new ForeignApp(0, "node1")) {
            String[] target = {"--target", "node1=" + app.endpoints().getFirst().baseUri(), "--path", ForeignApp.PATH,
                    "--cookie-name", "SID", "--serial", "regex:hits=(\\d+)"};
            refused = replsim(Stream.concat(Stream.of("run", scenario.toString(), "--runs-dir",
                    dir.resolve("refused").toString()), Stream.of(target)).toArray(String[]::new));
            accepted = replsim(Stream.concat(Stream.of("run", scenario.toString(), "--accept-invalid", "--runs-dir",
                    dir.resolve("accepted").toString()), Stream.of(target)).toArray(String[]::new));
        }

        assertThat(refused.exit()).as(refused.out() + refused.err()).isEqualTo(ReplsimCommand.INVALID_RUN);
        assertThat(refused.out()).contains("== missed-cycles: INVALID ==").contains("validity  INVALID");
        assertThat(onlySummary(dir.resolve("refused")).get("verdict").asText()).isEqualTo("INVALID");
        assertThat(accepted.exit()).as(accepted.out() + accepted.err()).isZero();
        assertThat(accepted.out()).contains("== missed-cycles: PASS ==").contains("validity  INVALID");
    }
}
