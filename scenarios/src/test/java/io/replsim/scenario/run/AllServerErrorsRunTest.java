package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.StubCluster;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.scenario.report.InvalidRuns;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.runtime.external.ExternalRuntime;
import io.replsim.scenario.runtime.external.ExternalTarget;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run and a soak whose cluster answers every request with a fast 503, under both load models. The nodes are two
 * stand-ins ({@link StubCluster}'s failed replication) that the runners drive as they drive replsim's own: the claim
 * is the runners' judgement, so nothing about the nodes matters but their answers. No user was served, so neither
 * can pass: every user is NEVER SERVED and the session and latency checks fail. (The command line's run with
 * {@code --target} and capacity search: AllServerErrorsCommandTest.)
 */
@Timeout(120)
class AllServerErrorsRunTest {

    private static final int USERS = 10;
    private static final String CHECKS = "checks: {maxSessionsLost: 0, maxSessionsStale: 0, p90Below: 800ms}\n";
    private static final String CLOSED = """
            name: all503
            cluster: {nodes: 2}
            load: {users: %d, thinkTime: 100ms, rampUp: 200ms, warmUp: 300ms, duration: 2s}
            """.formatted(USERS) + CHECKS;
    /** Ten sessions, all of them taken by 50 arrivals a second. */
    private static final String OPEN = """
            name: all503-open
            cluster: {nodes: 2}
            load: {model: open, rate: 50, sessions: %d, warmUp: 300ms, duration: 2s}
            """.formatted(USERS) + CHECKS;

    @Test
    void anOpenRunWhoseEveryAnswerIsA503Fails(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("all503-open.yaml"), OPEN);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunSummary summary;
        try (StubCluster cluster = new StubCluster(Behaviour.REPLICATION_FAILS, Behaviour.REPLICATION_FAILS)) {
            summary = new ScenarioRunner(dir.resolve("runs"), runtimeOf(cluster),
                    new PrintStream(console, true, StandardCharsets.UTF_8), Duration.ofSeconds(5),
                    InvalidRuns.ACCEPTED).run(ScenarioLoader.load(file), file).summary();
        }
        String printed = console.toString(StandardCharsets.UTF_8);

        assertThat(summary.verdict()).as(printed).isEqualTo("FAIL");
        assertThat(summary.sessions().neverServed()).as(printed).isEqualTo(USERS);
        assertThat(summary.users()).isEqualTo(new RunSummary.Users(USERS, 0, USERS));
        assertThat(summary.checks()).as(printed).hasSize(3).noneMatch(check -> check.passed());
        assertThat(summary.validity().errorRatio()).isEqualTo(1.0);
        assertThat(printed).contains(USERS + " NEVER SERVED");
    }

    @Test
    void aSoakWhoseEveryAnswerIsA503FailsUnderEitherModel(@TempDir Path dir) throws Exception {
        for (String yaml : new String[] {CLOSED, OPEN}) {
            ScenarioSpec spec = ScenarioLoader.parse(yaml, "all503.yaml");
            Path file = Files.writeString(dir.resolve(spec.name() + ".yaml"), yaml);
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            SoakRunner.SoakSummary soak;
            try (StubCluster cluster = new StubCluster(Behaviour.REPLICATION_FAILS, Behaviour.REPLICATION_FAILS)) {
                RuntimeFactory runtimes = runtimeOf(cluster);
                soak = new SoakRunner(dir.resolve("runs"), out -> runtimes,
                        new PrintStream(console, true, StandardCharsets.UTF_8), InvalidRuns.ACCEPTED)
                        .run(spec, file, 1);
            }
            String printed = console.toString(StandardCharsets.UTF_8);

            // what replsim soak exits non-zero on
            assertThat(soak.held()).as(spec.name() + ": " + printed).isFalse();
            assertThat(soak.passed()).as(printed).isZero();
            assertThat(soak.drills()).as(printed).singleElement().satisfies(drill -> {
                assertThat(drill.verdict()).isEqualTo("FAIL");
                assertThat(drill.sessionsLost()).as("each user never served counts as lost").isEqualTo(USERS);
            });
        }
    }

    /** The stand-in nodes as the cluster of a run: nothing started, nothing read from them but their answers. */
    private static RuntimeFactory runtimeOf(StubCluster cluster) {
        return (spec, nodeLogs) -> new ExternalRuntime(new ExternalTarget(cluster.endpoints(), "/counter",
                TargetProtocol.REPLSIM, Optional.empty(), Optional.empty()), line -> { });
    }
}
