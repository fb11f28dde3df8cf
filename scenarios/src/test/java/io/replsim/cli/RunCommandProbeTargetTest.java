package io.replsim.cli;

import static io.replsim.scenario.SummaryJsonAssertions.measuredNumber;
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
 * {@code run --target} with {@code --app probe} and {@code --expect}: what is refused before anything runs, and an
 * expectation judged on every answer of a foreign app whose header moves on (CORRUPT from the first answer that
 * does not show it).
 */
@Timeout(60)
class RunCommandProbeTargetTest {

    private static Path scenario(Path dir, String workload) throws Exception {
        return Files.writeString(dir.resolve("probe.yaml"), """
                name: probe
                cluster: {nodes: 1}
                workload: %s
                load: {users: 4, thinkTime: 50ms, duration: 3s}
                """.formatted(workload));
    }

    @Test
    void whatTheProbeCannotBuildIsRefusedWithTheFieldsPath(@TempDir Path dir) throws Exception {
        ReplsimCall cart = ReplsimCall.of("run", scenario(dir, "{app: cart}").toString(), "--target", "node1=http://127.0.0.1:1",
                "--app", "probe");
        assertThat(cart.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(cart.err()).contains("--app probe: workload.app: got cart; the probe has no cart");

        ReplsimCall payload = ReplsimCall.of("run", scenario(dir, "{app: counter, payload: 1000B}").toString(), "--target",
                "node1=http://127.0.0.1:1", "--app", "probe");
        assertThat(payload.err()).contains("--app probe: workload.payload: got");

        ReplsimCall both = ReplsimCall.of("run", scenario(dir, "{app: counter}").toString(), "--target", "node1=http://127.0.0.1:1",
                "--app", "probe", "--path", "/x");
        assertThat(both.err()).contains("give one of --app probe and --path");

        ReplsimCall other = ReplsimCall.of("run", scenario(dir, "{app: counter}").toString(), "--target", "node1=http://127.0.0.1:1",
                "--app", "wildfly");
        assertThat(other.err()).contains("--app: got \"wildfly\", expected replsim");

        ReplsimCall expect = ReplsimCall.of("run", scenario(dir, "{app: counter}").toString(), "--target", "node1=http://127.0.0.1:1",
                "--expect", "header:X-Cart");
        assertThat(expect.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(expect.err()).contains("--expect: got \"header:X-Cart\", expected header:NAME=v1|v2");

        ReplsimCall alone = ReplsimCall.of("run", scenario(dir, "{app: counter}").toString(), "--expect", "header:X=1");
        assertThat(alone.err()).contains("--expect is for a cluster named with --target");
    }

    @Test
    void anExpectationTheAnswersStopShowingMakesEverySessionCorrupt(@TempDir Path dir) throws Exception {
        Path runs = dir.resolve("runs");
        ReplsimCall ran;
        try (ForeignApp app = new ForeignApp(0, "node1")) {
            // X-Hits counts the session's requests: from the third answer on it is no longer 1 or 2
            ran = ReplsimCall.of("run", scenario(dir, "{app: counter}").toString(), "--target",
                    "node1=" + app.endpoints().getFirst().baseUri(), "--path", ForeignApp.PATH, "--cookie-name", "SID",
                    "--serial", "regex:hits=(\\d+)", "--expect", "header:X-Hits=1|2", "--accept-invalid",
                    "--runs-dir", runs.toString());
        }
        assertThat(ran.exit()).as(ran.out() + ran.err()).isZero();
        assertThat(ran.out()).contains("content   verified only by --expect header:X-Hits=1|2 on every answer");
        Path run;
        try (Stream<Path> made = Files.list(runs)) {
            run = made.findFirst().orElseThrow();
        }
        JsonNode summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertThat(measuredNumber(summary, "/sessions/corrupt").asLong()).isEqualTo(4);
        assertThat(measuredNumber(summary, "/responses/ok").asLong()).isEqualTo(8);
        assertThat(summary.at("/external/content").asText()).startsWith("verified only by --expect");
    }
}
