package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.loadgen.foreign.ForeignApp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run judged INVALID is no PASS: {@code replsim run} (on its own node process or against a foreign app with
 * {@code --target}) and {@code replsim soak} print INVALID and exit 4, and {@code --accept-invalid} judges the run
 * by its checks. The lever is deterministic and needs no hook: a zero cycle time, which no response can keep, so
 * every cycle is missed and the missed-cycle rule finds the run INVALID whatever the machine's load.
 */
@Timeout(240)
class RunCommandValidityTest {

    /**
     * A zero cycle time no response can keep: every cycle of the steady window is missed, however long it is, so
     * on a node one second of it (2 s of load) makes the run INVALID as surely as more would: with the missed-cycle
     * rule switched off these runs are VALID and the tests below fail.
     */
    private static final String MISSED_CYCLES = missedCycles("2s");

    /**
     * Against a target in this JVM the steady window stays 3 s: with 1 s, the run was INVALID with the missed-cycle
     * rule switched off too, so the drill's test would not show that rule at work.
     */
    private static final String MISSED_CYCLES_AGAINST_A_TARGET = missedCycles("4s");

    private static String missedCycles(String duration) {
        return """
                name: missed-cycles
                cluster: {nodes: 1, heap: 128m}
                load: {users: 4, thinkTime: 0s, thinkMode: cycle-time, rampUp: 1s, duration: %s}
                checks: {maxSessionsLost: 0}
                """.formatted(duration);
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

        ReplsimCall refused = ReplsimCall.of("run", scenario.toString(), "--runs-dir", dir.resolve("refused").toString());

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

        ReplsimCall accepted = ReplsimCall.of("run", scenario.toString(), "--accept-invalid",
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

        ReplsimCall soak = ReplsimCall.of("soak", scenario.toString(), "--repeat", "1", "--runs-dir", dir.toString());

        assertThat(soak.exit()).as(soak.out() + soak.err()).isEqualTo(ReplsimCommand.INVALID_RUN);
        assertThat(soak.out()).contains("soak 1/1: INVALID").contains("0 of 1 drills passed, 1 INVALID");
    }

    @Test
    void aDrillAgainstATargetJudgedInvalidExitsFourAndWithAcceptInvalidByItsChecks(@TempDir Path dir)
            throws Exception {
        Path scenario = Files.writeString(dir.resolve("missed-cycles.yaml"), MISSED_CYCLES_AGAINST_A_TARGET);
        ReplsimCall refused;
        ReplsimCall accepted;
        try (ForeignApp app = new ForeignApp(0, "node1")) {
            String[] target = {"--target", "node1=" + app.endpoints().getFirst().baseUri(), "--path", ForeignApp.PATH,
                    "--cookie-name", "SID", "--serial", "regex:hits=(\\d+)"};
            refused = ReplsimCall.of(Stream.concat(Stream.of("run", scenario.toString(), "--runs-dir",
                    dir.resolve("refused").toString()), Stream.of(target)).toArray(String[]::new));
            accepted = ReplsimCall.of(Stream.concat(Stream.of("run", scenario.toString(), "--accept-invalid", "--runs-dir",
                    dir.resolve("accepted").toString()), Stream.of(target)).toArray(String[]::new));
        }

        assertThat(refused.exit()).as(refused.out() + refused.err()).isEqualTo(ReplsimCommand.INVALID_RUN);
        assertThat(refused.out()).contains("== missed-cycles: INVALID ==").contains("validity  INVALID");
        assertThat(onlySummary(dir.resolve("refused")).get("verdict").asText()).isEqualTo("INVALID");
        assertThat(accepted.exit()).as(accepted.out() + accepted.err()).isZero();
        assertThat(accepted.out()).contains("== missed-cycles: PASS ==").contains("validity  INVALID");
    }
}
