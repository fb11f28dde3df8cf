package io.replsim.cli;

import static io.replsim.scenario.SummaryJsonAssertions.measuredNumber;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.loadgen.StubCluster;
import io.replsim.loadgen.StubCluster.Behaviour;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25's reproduction: two stand-in members that answer every request with a fast 503 ({@link StubCluster}'s
 * failed replication), driven by {@code replsim run --target} and {@code replsim capacity --target}. No user was
 * ever served, so no run over them can pass: each user is a session NEVER SERVED, the steady window's errors are
 * every request, and the commands exit non-zero.
 */
@Timeout(120)
class AllServerErrorsCommandTest {

    private static final int USERS = 10;

    @Test
    void aRunWhoseEveryAnswerIsA503FailsWithEveryUserNeverServed(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("all503.yaml"), """
                name: all503
                cluster: {nodes: 2}
                load: {users: %d, thinkTime: 100ms, rampUp: 200ms, warmUp: 300ms, duration: 3s}
                checks: {maxSessionsLost: 0, maxSessionsStale: 0, p90Below: 800ms}
                """.formatted(USERS));
        ReplsimCall ran;
        try (StubCluster cluster = new StubCluster(Behaviour.REPLICATION_FAILS, Behaviour.REPLICATION_FAILS)) {
            ran = ReplsimCall.of("run", scenario.toString(),
                    "--target", "node1=" + cluster.endpoints().get(0).baseUri(),
                    "--target", "node2=" + cluster.endpoints().get(1).baseUri(),
                    // the verdict by the checks: whether a short run on a busy machine kept time is not the subject
                    "--accept-invalid", "--runs-dir", dir.resolve("runs").toString());
        }

        assertThat(ran.exit()).as(ran.out() + ran.err()).isEqualTo(ReplsimCommand.CHECKS_FAILED);
        assertThat(ran.out()).contains("== all503: FAIL ==")
                .contains(USERS + " NEVER SERVED")
                .contains("check     FAIL  sessions lost")
                .contains("check     FAIL  sessions stale")
                .contains("check     FAIL  p90 response time");
        JsonNode summary = summaryIn(dir.resolve("runs"));
        assertThat(measuredNumber(summary, "/sessions/neverServed").asLong()).isEqualTo(USERS);
        assertThat(measuredNumber(summary, "/sessions/ok").asLong()).isZero();
        assertThat(measuredNumber(summary, "/users/started").asLong()).isEqualTo(USERS);
        assertThat(measuredNumber(summary, "/users/neverServed").asLong()).isEqualTo(USERS);
        assertThat(measuredNumber(summary, "/validity/requests").asLong()).isPositive();
        assertThat(measuredNumber(summary, "/validity/errorRatio").asDouble()).as("every steady request a 503")
                .isEqualTo(1.0);
        assertThat(summary.get("servedLatencyMs").isNull()).as("no successful answer: not measured").isTrue();
    }

    @Test
    void aCapacitySearchWhoseEveryAnswerIsA503SustainsNoUserAndExitsNonZero(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("all503.yaml"), """
                name: all503
                cluster: {nodes: 1}
                load: {users: %d, thinkTime: 100ms, rampUp: 200ms, warmUp: 300ms, duration: 2s}
                capacity: {warmUp: {minRounds: 1, maxRounds: 1}}
                """.formatted(USERS));
        ReplsimCall ran;
        try (StubCluster cluster = new StubCluster(Behaviour.REPLICATION_FAILS)) {
            ran = ReplsimCall.of("capacity", scenario.toString(),
                    "--target", "node1=" + cluster.endpoints().getFirst().baseUri(), "--max-users", "40",
                    "--max-steps", "3", "--runs-dir", dir.resolve("runs").toString());
        }

        assertThat(ran.exit()).as(ran.out() + ran.err()).isEqualTo(ReplsimCommand.CHECKS_FAILED);
        JsonNode summary = summaryIn(dir.resolve("runs"));
        assertThat(summary.at("/search/usersSustained").asInt()).isZero();
        assertThat(summary.at("/search/steps")).isNotEmpty().allSatisfy(step -> {
            assertThat(step.get("verdict").asText()).isEqualTo("FAIL");
            assertThat(step.get("errorRatio").asDouble()).as("every steady request a 503").isEqualTo(1.0);
        });
    }

    private static JsonNode summaryIn(Path runs) throws Exception {
        Path run;
        try (Stream<Path> made = Files.list(runs)) {
            run = made.findFirst().orElseThrow();
        }
        return new ObjectMapper().readTree(run.resolve("summary.json").toFile());
    }
}
